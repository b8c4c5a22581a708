/**
 * The id of the page's one place for notices: an element the host keeps above the player and
 * a phone's tabs, where every app puts its notices (a portal), one under the other. It is a
 * placement, not a call: a remote that finds no such element (under an older shell, on its
 * standalone page) shows its notices itself at the bottom centre, above the same chrome.
 */
export const NOTICE_STACK_ID = 'loofi-notices';
