import { keyIsTextOrInDialog } from '../keys-sheet/keys-sheet-key';

/**
 * Alt+← goes back to the tab shown before, Alt+→ forward again — unless the owner types in a
 * field (where Alt+arrows move the caret by word), a control took the key, or a dialog is
 * open. Returns the undo.
 */
export function installTabHistoryKeys(
  target: Window,
  { back, forward }: { back(): void; forward(): void },
): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    if (event.defaultPrevented || keyIsTextOrInDialog(event)) return;
    event.preventDefault();
    if (event.key === 'ArrowLeft') back();
    else forward();
  };
  target.addEventListener('keydown', onKey);
  return () => target.removeEventListener('keydown', onKey);
}
