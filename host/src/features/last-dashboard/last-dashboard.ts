// The owner's last dashboard, kept as a picture: what the page showed (its elements and
// the styles they used) is written to the browser's storage when the owner leaves it, and
// the start script (early-start.ts) paints that picture at once on the next visit, before
// any of the app's scripts has arrived. It is inert, covered by a thin loading bar, and
// taken away as soon as the live dashboard shows its tab. This module is also part of the
// start script: it holds only the format, its reading and its painting.
import type { TabName } from '@loofi/contracts';
import { isTabName } from '@loofi/contracts';

/** The browser storage key of the last dashboard's picture. */
export const LAST_DASHBOARD_KEY = 'last-dashboard';

/** The id of the element that shows the picture, over the page, while the app starts. */
export const LAST_DASHBOARD_ID = 'loofi-last-dashboard';

/**
 * How long the picture stays at most: if the live dashboard has not shown its tab by then
 * (a connection slower than any this app is tested on), the page shows what it has.
 */
export const LAST_DASHBOARD_MAX_MS = 20_000;

/** A text node, or an element: its tag, its attributes and its children. */
export type PictureNode =
  string | [tag: string, attributes: Record<string, string>, ...PictureNode[]];

export interface LastDashboard {
  version: 1;
  /** The tab it shows: it is painted only for a visit that opens the same tab. */
  tab: TabName;
  /** Whether it was taken in the phone layout: painted only in the same layout. */
  phone: boolean;
  /** The page's style rules as they were, in order. */
  css: string;
  /** What the page's body gave its content (colours, font), as inline CSS properties. */
  body: Record<string, string>;
  /** The root's children. */
  nodes: PictureNode[];
}

/** Elements never painted from a picture: scripts, frames, media, and what is not drawn. */
const SKIPPED_TAGS = new Set([
  'script',
  'noscript',
  'template',
  'style',
  'link',
  'meta',
  'iframe',
  'frame',
  'object',
  'embed',
  'audio',
  'video',
  'source',
  'track',
  'slot',
  'portal',
  'base',
]);

const TAG = /^[a-z][a-z0-9-]*$/;
const ATTRIBUTE = /^[a-z][a-z0-9-:]*$/i;

/** Attributes a picture keeps: those that change how an element looks. */
export function keepsAttribute(name: string): boolean {
  const lower = name.toLowerCase();
  return (
    ATTRIBUTE.test(name) &&
    !lower.startsWith('on') &&
    !lower.startsWith('aria-') &&
    ![
      'id',
      'role',
      'tabindex',
      'for',
      'name',
      'href',
      'xlink:href',
      'action',
      'formaction',
      'srcdoc',
      'autofocus',
      'autocomplete',
      'accesskey',
      'contenteditable',
      'popover',
      'is',
    ].includes(lower)
  );
}

/** Whether an element of this tag can be painted from a picture. */
export function keepsTag(tag: string): boolean {
  return TAG.test(tag) && !SKIPPED_TAGS.has(tag);
}

const isRecordOfStrings = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((entry) => typeof entry === 'string');

/** The picture in `json`, or null when there is none or it is not one (never throws). */
export function parseLastDashboard(json: string | null): LastDashboard | null {
  if (json === null) return null;
  try {
    const value = JSON.parse(json) as Partial<LastDashboard> | null;
    if (
      value?.version !== 1 ||
      !isTabName(value.tab) ||
      typeof value.phone !== 'boolean' ||
      typeof value.css !== 'string' ||
      !isRecordOfStrings(value.body) ||
      !Array.isArray(value.nodes)
    ) {
      return null;
    }
    return value as LastDashboard;
  } catch {
    return null;
  }
}

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/** Builds the picture's nodes into `parent`, skipping whatever is not a node it can paint. */
function paint(nodes: readonly unknown[], parent: Node, svg: boolean): void {
  for (const node of nodes) {
    if (typeof node === 'string') {
      parent.appendChild(document.createTextNode(node));
      continue;
    }
    if (!Array.isArray(node)) continue;
    const [tag, attributes, ...children] = node as unknown[];
    if (typeof tag !== 'string' || !keepsTag(tag) || !isRecordOfStrings(attributes)) continue;
    const inSvg = svg || tag === 'svg';
    const element = inSvg
      ? document.createElementNS(SVG_NAMESPACE, tag)
      : document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (keepsAttribute(name)) element.setAttribute(name, value);
    }
    paint(children, element, inSvg && tag !== 'foreignObject');
    parent.appendChild(element);
  }
}

/**
 * The loading bar over the picture: it says the page is not live yet. It moves unless the
 * owner asked for less motion.
 */
const LOADING_BAR_CSS = `
.loofi-loading{position:fixed;top:0;left:0;right:0;height:3px;overflow:hidden;z-index:1;background:rgba(144,202,249,.3)}
.loofi-loading::after{content:"";position:absolute;inset:0;width:40%;background:#90caf9;animation:loofi-loading 1.2s ease-in-out infinite}
@keyframes loofi-loading{from{transform:translateX(-100%)}to{transform:translateX(250%)}}
@media (prefers-reduced-motion:reduce){.loofi-loading::after{animation:none;width:100%;opacity:.6}}
`;

/**
 * Paints `picture` over the page, in an element of its own appended to the document (the
 * body may not exist yet), its content in a closed shadow tree: the page's queries, tests
 * and accessibility tree never see it, and its styles touch nothing else. The content is
 * inert; the element itself takes the pointer, so that nothing under it is pressed unseen.
 */
export function showLastDashboard(picture: LastDashboard, doc: Document = document): HTMLElement {
  const host = doc.createElement('div');
  host.id = LAST_DASHBOARD_ID;
  Object.assign(host.style, picture.body, {
    position: 'fixed',
    inset: '0',
    // Over the shell's bars and drawer; under dialogs and notices (the offline notice).
    zIndex: '1250',
    overflow: 'hidden',
    boxSizing: 'border-box',
  });
  const shadow = host.attachShadow({ mode: 'closed' });
  const style = doc.createElement('style');
  style.textContent = `${picture.css}\n${LOADING_BAR_CSS}`;
  const bar = doc.createElement('div');
  bar.className = 'loofi-loading';
  const content = doc.createElement('div');
  content.inert = true;
  paint(picture.nodes, content, false);
  shadow.append(style, content, bar);
  doc.documentElement.append(host);
  return host;
}

/** Takes the picture off the page, if it is there. */
export function dismissLastDashboard(doc: Document = document): void {
  doc.getElementById(LAST_DASHBOARD_ID)?.remove();
}

/** Forgets the picture (signed out: the next visitor must not see the owner's page). */
export function forgetLastDashboard(storage: Pick<Storage, 'removeItem'> = localStorage): void {
  try {
    storage.removeItem(LAST_DASHBOARD_KEY);
  } catch {
    // Storage can be unavailable (privacy modes): then nothing was kept either.
  }
}

/** The stored picture, when it shows what this visit will open. */
export function lastDashboardFor(
  tab: TabName,
  phone: boolean,
  storage: Pick<Storage, 'getItem'> = localStorage,
): LastDashboard | null {
  let json: string | null;
  try {
    json = storage.getItem(LAST_DASHBOARD_KEY);
  } catch {
    return null;
  }
  const picture = parseLastDashboard(json);
  return picture?.tab === tab && picture.phone === phone ? picture : null;
}
