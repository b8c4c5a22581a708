import { describe, expect, it } from 'vitest';
import { TreeBuilder } from './tree-builder';

/** The open/text/close events of a page, as one string. */
function events(html: string): string {
  const seen: string[] = [];
  const tree = new TreeBuilder({
    open: (name, attributes) =>
      seen.push(
        `<${name}${Object.entries(attributes)
          .map(([key, value]) => ` ${key}=${value}`)
          .join('')}>`,
      ),
    text: (text) => seen.push(text),
    close: (name) => seen.push(`</${name}>`),
  });
  const tokenizer = tree.tokenizer(html);
  tokenizer.write(html);
  tokenizer.end();
  tree.closeAll();
  return seen.join('');
}

describe('TreeBuilder', () => {
  it('closes every element once: by its tag, by an element that ends it, or at the end', () => {
    expect(events('<div><p>a<p>b</div><ul><li>c<li>d</ul><span>e')).toBe(
      '<div><p>a</p><p>b</p></div><ul><li>c</li><li>d</li></ul><span>e</span>',
    );
  });

  it('ignores a closing tag that matches nothing open, and closes void elements at once', () => {
    expect(events('<div>a</span></b><img src=x>b<br></div>')).toBe(
      '<div>a<img src=x></img>b<br></br></div>',
    );
  });

  it('lower-cases names, keeps the first of a repeated attribute and decodes entities', () => {
    expect(events('<DIV CLASS="a&amp;b" class="c">&lt;x&gt;</DIV>')).toBe(
      '<div class=a&b><x></div>',
    );
  });
});
