/** Where '?' is text, not a command. */
const TYPING = 'input, textarea, select, [contenteditable="true"]';

/** '?' opens the keyboard shortcuts, unless the owner types or a dialog is open. Returns the undo. */
export function installKeysSheetKey(target: Window, open: () => void): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== '?' || event.defaultPrevented || event.ctrlKey || event.metaKey) return;
    const element = event.target instanceof Element ? event.target : null;
    if (element?.closest(TYPING) || document.querySelector('[role="dialog"]')) return;
    event.preventDefault();
    open();
  };
  target.addEventListener('keydown', onKey);
  return () => target.removeEventListener('keydown', onKey);
}
