// The two screens the build prerenders into index.html, and how the page picks one before
// its first paint: the sign-in page for a visitor, the starting shell (./starting-shell)
// for a signed-in owner. Both sit in #root, the shell first and hidden; the inline start
// script (../early-start.ts), which reads the session cookie, marks <html> for an owner,
// and CSS shows the shell in place of the sign-in page. A visitor's app takes the sign-in
// page over once the shell is removed; an owner's keeps the shell, out of #root, until
// its next screen is shown (./starting-screen), and renders afresh in the emptied #root.

/** What the page says, and its progress indicator's name, while the dashboard starts. */
export const STARTING_LABEL = 'Loading loofi';

/** Set on <html> by the start script when the page opens for a signed-in owner. */
export const SIGNED_IN_ATTRIBUTE = 'data-loofi-signed-in';

/** Marks the element that holds the prerendered starting shell, inside #root. */
export const PRERENDERED_SHELL_ATTRIBUTE = 'data-loofi-prerendered-shell';

/**
 * The shell is hidden unless <html> is marked, and then hides whatever follows it (the
 * prerendered sign-in page). It matches the prerendered elements only, never the app's.
 */
export const FIRST_SCREEN_CSS =
  `[${PRERENDERED_SHELL_ATTRIBUTE}]{display:none}` +
  `html[${SIGNED_IN_ATTRIBUTE}] [${PRERENDERED_SHELL_ATTRIBUTE}]{display:block}` +
  `html[${SIGNED_IN_ATTRIBUTE}] [${PRERENDERED_SHELL_ATTRIBUTE}]~*{display:none}`;

/** The markup of #root: the shell, wrapped and hidden, then the sign-in page. */
export function firstScreensMarkup(shell: string, signIn: string): string {
  return `<div ${PRERENDERED_SHELL_ATTRIBUTE}>${shell}</div>${signIn}`;
}

/** Marks the prerendered starting shell a returning owner's page keeps while the app starts. */
export const STARTING_SHELL_ATTRIBUTE = 'data-loofi-starting-shell';

/**
 * A returning owner's page: the prerendered shell's content moves just before #root, as
 * it is, shown without the signed-in rule's help, and the sign-in page goes, leaving #root
 * empty for the app.
 */
export function holdPrerenderedShell(container: Element): void {
  const shell = container.querySelector(`:scope > [${PRERENDERED_SHELL_ATTRIBUTE}]`);
  if (!shell) return;
  const held = document.createElement('div');
  held.setAttribute(STARTING_SHELL_ATTRIBUTE, '');
  held.append(...shell.childNodes);
  container.replaceChildren();
  container.before(held);
}

/** Removes the prerendered shell, so that the sign-in page alone is left to hydrate. */
export function removePrerenderedShell(container: Element): void {
  container.querySelector(`:scope > [${PRERENDERED_SHELL_ATTRIBUTE}]`)?.remove();
}
