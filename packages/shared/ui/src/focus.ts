/**
 * Whether the keyboard's focus is nowhere useful: on the page's body, on an element gone from
 * the page, or on one of `left` (an element pressed that is now disabled or about to go).
 */
export function focusLost(...left: readonly (Element | null | undefined)[]): boolean {
  const focused = document.activeElement;
  return (
    focused === null ||
    focused === document.body ||
    !focused.isConnected ||
    left.some((element) => element != null && element === focused)
  );
}

/** Moves the focus to `target` where it was lost (see `focusLost`); elsewhere leaves it. */
export function rescueFocus(
  target: HTMLElement | null | undefined,
  ...left: readonly (Element | null | undefined)[]
): void {
  if (target && focusLost(...left)) target.focus();
}
