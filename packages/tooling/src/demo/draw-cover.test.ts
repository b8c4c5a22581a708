import { describe, expect, it } from 'vitest';
import { DEMO_TRACKS } from '@loofi/backend/local/demo';
import { drawCover, escapeXml } from './draw-cover';

const COVER_BUDGET_BYTES = 4096;

interface XmlElement {
  name: string;
  attributes: Map<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const REFERENCE = /&(?:(amp|lt|gt|quot|apos)|#(\d+)|#x([\da-f]+));/gi;
const NAME = '[A-Za-z_:][\\w:.-]*';
const ATTRIBUTE = new RegExp(`\\s+(${NAME})\\s*=\\s*(?:"([^<"]*)"|'([^<']*)')`, 'y');
const TOKEN = new RegExp(
  `<!--[\\s\\S]*?-->|<\\/(${NAME})\\s*>|<(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^<"]*"|'[^<']*'))*)\\s*(\\/?)>|([^<]+)`,
  'y',
);

/** Text or an attribute value with its references resolved; throws on a bare `&`. */
function unescape(raw: string): string {
  if (/&/.test(raw.replace(REFERENCE, ''))) throw new Error(`Unescaped & in ${raw}`);
  return raw.replace(
    REFERENCE,
    (_match, named: string | undefined, decimal: string | undefined, hex: string | undefined) =>
      named
        ? ENTITIES[named]!
        : String.fromCodePoint(decimal ? Number(decimal) : parseInt(hex!, 16)),
  );
}

/**
 * A strict reader for the XML subset an SVG cover uses: balanced tags, quoted and unique
 * attributes, no bare `<` or `&`, one root element. Enough to prove well-formedness without
 * a DOM, which Vitest's node environment has not got.
 */
function parseXml(xml: string): XmlElement {
  const document: XmlElement = { name: '#document', attributes: new Map(), children: [], text: '' };
  const open = [document];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < xml.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(xml);
    if (!match) throw new Error(`Not well-formed at ${at}: ${xml.slice(at, at + 40)}`);
    const [, closing, name, attributeText, selfClosing, text] = match;
    const parent = open[open.length - 1]!;
    if (closing) {
      if (parent.name !== closing) throw new Error(`</${closing}> closes <${parent.name}>`);
      open.pop();
    } else if (name) {
      const element: XmlElement = { name, attributes: new Map(), children: [], text: '' };
      ATTRIBUTE.lastIndex = 0;
      for (
        let attribute = ATTRIBUTE.exec(attributeText!);
        attribute;
        attribute = ATTRIBUTE.exec(attributeText!)
      ) {
        const [, key, doubleQuoted, singleQuoted] = attribute;
        if (element.attributes.has(key!)) throw new Error(`Duplicate attribute ${key}`);
        element.attributes.set(key!, unescape(doubleQuoted ?? singleQuoted ?? ''));
      }
      parent.children.push(element);
      if (!selfClosing) open.push(element);
    } else if (text !== undefined) {
      if (parent === document && text.trim()) throw new Error('Text outside the root element');
      parent.text += unescape(text);
    }
  }
  if (open.length !== 1) throw new Error(`<${open[open.length - 1]!.name}> is never closed`);
  if (document.children.length !== 1) throw new Error('Not exactly one root element');
  return document.children[0]!;
}

function textsOf(element: XmlElement): string[] {
  return [...(element.name === 'text' ? [element.text] : []), ...element.children.flatMap(textsOf)];
}

function namesOf(element: XmlElement): string[] {
  return [element.name, ...element.children.flatMap(namesOf)];
}

describe('parseXml', () => {
  it.each([
    ['an unclosed tag', '<svg><g></svg>'],
    ['a bare ampersand', '<svg><text>a & b</text></svg>'],
    ['a bare angle bracket', '<svg><text>a < b</text></svg>'],
    ['an unquoted attribute', '<svg width=5/>'],
    ['two roots', '<svg/><svg/>'],
  ])('rejects %s', (_what, xml) => {
    expect(() => parseXml(xml)).toThrow();
  });
});

describe('escapeXml', () => {
  it('escapes every character XML reserves', () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;',
    );
  });
});

describe.each(DEMO_TRACKS.map((track) => [track.slug, track] as const))(
  'drawCover(%s)',
  (_slug, track) => {
    const svg = drawCover(track);

    it('is a well-formed 512×512 SVG', () => {
      const root = parseXml(svg);
      expect(root.name).toBe('svg');
      expect(root.attributes.get('xmlns')).toBe('http://www.w3.org/2000/svg');
      expect(root.attributes.get('viewBox')).toBe('0 0 512 512');
    });

    it('names the track and its author, for the eye and for screen readers', () => {
      const root = parseXml(svg);
      expect(textsOf(root)).toEqual([track.title, track.author]);
      expect(root.attributes.get('aria-label')).toBe(`${track.title} by ${track.author}`);
    });

    it('stays under the size budget', () => {
      expect(Buffer.byteLength(svg, 'utf8')).toBeLessThanOrEqual(COVER_BUDGET_BYTES);
    });

    it('draws the same cover every time', () => {
      expect(drawCover(track)).toBe(svg);
    });
  },
);

describe('drawCover', () => {
  it('draws a different cover for every track', () => {
    expect(new Set(DEMO_TRACKS.map(drawCover)).size).toBe(DEMO_TRACKS.length);
  });

  it('escapes a title and author XML would choke on, and keeps them readable', () => {
    const [track] = DEMO_TRACKS;
    const title = `Tom & Jerry's <3 "live"`;
    const author = '<script>alert(1)</script>';
    const root = parseXml(drawCover({ ...track!, title, author }));
    expect(textsOf(root)).toEqual([title, author]);
    expect(root.attributes.get('aria-label')).toBe(`${title} by ${author}`);
    expect(namesOf(root)).not.toContain('script');
  });

  it('shrinks a long title to fit the cover', () => {
    const [track] = DEMO_TRACKS;
    const root = parseXml(
      drawCover({ ...track!, title: 'A Very Long Title For A Very Small Demo Track' }),
    );
    const title = root.children.find((child) => child.name === 'g' && child.children.length === 2)!
      .children[0]!;
    expect(Number(title.attributes.get('font-size'))).toBeLessThan(20);
  });
});
