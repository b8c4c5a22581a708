import type { TabName } from '@loofi/contracts';
import { LAST_DASHBOARD_KEY, keepsAttribute, keepsTag } from './last-dashboard';
import type { LastDashboard, PictureNode } from './last-dashboard';

/** A page larger than this is not kept: painting it would cost more than it saves. */
const MAX_NODES = 6_000;
/** Nor a picture longer than this (characters of JSON), well inside the storage's quota. */
const MAX_LENGTH = 600_000;

/** What the body gives the page's content, as the picture's element takes it over. */
const BODY_PROPERTIES = [
  'backgroundColor',
  'color',
  'colorScheme',
  'fontFamily',
  'fontSize',
  'fontWeight',
  'lineHeight',
  'letterSpacing',
] as const;

/** Whether an element is out of the page: a hidden tab rendered ahead, a closed part. */
function isHidden(element: Element): boolean {
  return (
    element.hasAttribute('hidden') ||
    ((element instanceof HTMLElement || element instanceof SVGElement) &&
      element.style.display === 'none')
  );
}

/**
 * The picture of `root`'s content: its elements with the attributes that change how they
 * look, its text, and every style rule of the page. Null when the page is too large.
 */
export function takeLastDashboard(
  root: Element,
  { tab, phone }: { tab: TabName; phone: boolean },
): LastDashboard | null {
  let budget = MAX_NODES;
  const walk = (parent: Node): PictureNode[] | null => {
    const nodes: PictureNode[] = [];
    for (const child of parent.childNodes) {
      budget -= 1;
      if (budget < 0) return null;
      if (child.nodeType === Node.TEXT_NODE) {
        nodes.push(child.nodeValue ?? '');
        continue;
      }
      if (!(child instanceof Element)) continue;
      const tag = child.localName;
      if (!keepsTag(tag) || isHidden(child)) continue;
      const attributes: Record<string, string> = {};
      for (const { name, value } of child.attributes) {
        if (keepsAttribute(name)) attributes[name] = value;
      }
      // A field shows its value, which a controlled input holds in a property; a password
      // is never kept.
      if (child instanceof HTMLInputElement) {
        if (child.type === 'password') {
          delete attributes.value;
        } else if (child.type === 'checkbox' || child.type === 'radio') {
          if (child.checked) attributes.checked = '';
          else delete attributes.checked;
        } else {
          attributes.value = child.value;
        }
      }
      // A text area shows its value, not the text it started with.
      if (child instanceof HTMLTextAreaElement) {
        nodes.push([tag, attributes, child.value]);
        continue;
      }
      const children = walk(child);
      if (children === null) return null;
      nodes.push([tag, attributes, ...children]);
    }
    return nodes;
  };
  const nodes = walk(root);
  if (nodes === null) return null;

  const rules: string[] = [];
  for (const sheet of document.styleSheets) {
    try {
      for (const rule of sheet.cssRules) rules.push(rule.cssText);
    } catch {
      // A stylesheet of another origin cannot be read; loofi has none.
    }
  }
  const computed = getComputedStyle(document.body);
  const body = Object.fromEntries(
    BODY_PROPERTIES.map((property) => [property, computed[property]]),
  );
  return { version: 1, tab, phone, css: rules.join('\n'), body, nodes };
}

/** Writes the picture to storage; false when there is none or it could not be kept. */
export function keepLastDashboard(
  picture: LastDashboard | null,
  storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage,
): boolean {
  try {
    const json = picture && JSON.stringify(picture);
    if (!json || json.length > MAX_LENGTH) {
      // An older picture would show a page that is no longer what the owner left.
      storage.removeItem(LAST_DASHBOARD_KEY);
      return false;
    }
    storage.setItem(LAST_DASHBOARD_KEY, json);
    return true;
  } catch {
    // Storage full or unavailable: the next visit starts as it would without a picture.
    return false;
  }
}
