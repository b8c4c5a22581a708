import { Tokenizer } from 'htmlparser2';

/** Elements that never have content or a closing tag. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
/** Opening one of these closes an open element of the listed kinds first (HTML's rules, in part). */
const CLOSES: Record<string, readonly string[]> = {
  p: ['p'],
  div: ['p'],
  h1: ['p'],
  h2: ['p'],
  h3: ['p'],
  h4: ['p'],
  h5: ['p'],
  h6: ['p'],
  ul: ['p'],
  ol: ['p'],
  section: ['p'],
  article: ['p'],
  table: ['p'],
  li: ['li', 'p'],
  dt: ['dt', 'dd', 'p'],
  dd: ['dt', 'dd', 'p'],
  tr: ['tr', 'td', 'th'],
  td: ['td', 'th'],
  th: ['td', 'th'],
  option: ['option'],
};

export interface TreeEvents {
  open(name: string, attributes: Record<string, string>): void;
  text(text: string): void;
  close(name: string): void;
}

/**
 * The open elements of a page as htmlparser2's tokenizer reads it: every opened element is
 * closed exactly once (by its closing tag, by an element that implies its end, or at the
 * end of the page), and a closing tag that matches no open element is ignored. Unlike
 * htmlparser2's own Parser, whose stack costs O(depth) per element, each step here is O(1)
 * amortised, so 100,000 nested elements take linear time. Attribute names are lower-cased,
 * the first of a repeated attribute wins, and entities are decoded.
 */
export class TreeBuilder {
  private readonly stack: string[] = [];
  /** How many elements of each name are open, so a stray closing tag costs nothing. */
  private readonly openCount = new Map<string, number>();
  /** Called with the tokenizer's position after each tag and text. */
  onProgress: (index: number) => void = () => undefined;

  constructor(private readonly events: TreeEvents) {}

  /** A tokenizer for `html` that drives this builder. */
  tokenizer(html: string): Tokenizer {
    let tagName = '';
    let attributes: Record<string, string> = {};
    let attributeName = '';
    let attributeValue = '';
    const slice = (start: number, end: number) => html.slice(start, end);
    return new Tokenizer(
      { decodeEntities: true },
      {
        onopentagname: (start, end) => {
          tagName = slice(start, end).toLowerCase();
          attributes = {};
        },
        onattribname: (start, end) => {
          attributeName = slice(start, end).toLowerCase();
          attributeValue = '';
        },
        onattribdata: (start, end) => {
          attributeValue += slice(start, end);
        },
        onattribentity: (codepoint) => {
          attributeValue += String.fromCodePoint(codepoint);
        },
        onattribend: () => {
          if (!(attributeName in attributes)) attributes[attributeName] = attributeValue;
        },
        onopentagend: (end) => {
          this.openElement(tagName, attributes);
          this.onProgress(end);
        },
        onselfclosingtag: (end) => {
          // In HTML `<x/>` ends only a void element; an svg's shapes end with its `</svg>`.
          this.openElement(tagName, attributes);
          this.onProgress(end);
        },
        onclosetag: (start, end) => {
          this.closeTo(slice(start, end).toLowerCase());
          this.onProgress(end);
        },
        ontext: (start, end) => {
          this.events.text(slice(start, end));
          this.onProgress(end);
        },
        ontextentity: (codepoint) => {
          this.events.text(String.fromCodePoint(codepoint));
        },
        oncdata: () => undefined,
        oncomment: () => undefined,
        ondeclaration: () => undefined,
        onprocessinginstruction: () => undefined,
        onend: () => undefined,
      },
    );
  }

  /** Closes every element still open (the end of the page). */
  closeAll(): void {
    while (this.stack.length > 0) this.pop();
  }

  private openElement(name: string, attributes: Record<string, string>): void {
    const top = this.stack.at(-1);
    if (top !== undefined && CLOSES[name]?.includes(top)) this.pop();
    this.events.open(name, attributes);
    if (VOID.has(name)) {
      this.events.close(name);
      return;
    }
    this.stack.push(name);
    this.openCount.set(name, (this.openCount.get(name) ?? 0) + 1);
  }

  private closeTo(name: string): void {
    if (!this.openCount.get(name)) return;
    while (this.stack.length > 0) {
      if (this.pop() === name) return;
    }
  }

  private pop(): string {
    const name = this.stack.pop()!;
    this.openCount.set(name, this.openCount.get(name)! - 1);
    this.events.close(name);
    return name;
  }
}
