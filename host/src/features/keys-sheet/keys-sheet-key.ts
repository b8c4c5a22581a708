/** Where a key is text, not a command. */
const TYPING = 'input, textarea, select, [contenteditable="true"]';

/** Whether a key belongs to a text field, or the page has a dialog open. */
export function keyIsTextOrInDialog(event: KeyboardEvent): boolean {
  const element = event.target instanceof Element ? event.target : null;
  return Boolean(element?.closest(TYPING)) || document.querySelector('[role="dialog"]') !== null;
}

/** '?' opens the keyboard shortcuts, unless the owner types or a dialog is open. Returns the undo. */
export function installKeysSheetKey(target: Window, open: () => void): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== '?' || event.defaultPrevented || event.ctrlKey || event.metaKey) return;
    if (keyIsTextOrInDialog(event)) return;
    event.preventDefault();
    open();
  };
  target.addEventListener('keydown', onKey);
  return () => target.removeEventListener('keydown', onKey);
}
