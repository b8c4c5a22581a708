// The two screens the build prerenders into index.html, and how the page picks one before
// its first paint: the sign-in page for a visitor, the starting shell (./starting-shell)
// for a signed-in owner. Both sit in #root, the shell first and hidden; the inline start
// script (../early-start.ts), which reads the session cookie, marks <html> for an owner,
// and CSS shows the shell in place of the sign-in page. The app then replaces both (an
// owner's root renders afresh) or takes the sign-in page over once the shell is removed.

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

/** Removes the prerendered shell, so that the sign-in page alone is left to hydrate. */
export function removePrerenderedShell(container: Element): void {
  container.querySelector(`:scope > [${PRERENDERED_SHELL_ATTRIBUTE}]`)?.remove();
}
