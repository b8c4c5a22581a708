import { FOCUS_PRESETS } from '@loofi/contracts';
import type { PlayerBus, PlayerCommand, PlayerState } from '@loofi/contracts';

/** How far ← and → seek. */
export const SEEK_STEP_SECONDS = 5;

/** Where keys belong to the focused control, a form, a menu or an open dialog. */
const OWN_KEYS =
  'input, textarea, select, button, a[href], [contenteditable="true"], [role="slider"], [role="tab"], [role="menu"], [role="menuitem"], [role="dialog"], [role="listbox"], [role="option"], [role="checkbox"], [role="switch"]';

/** Where a letter (M, F, P) belongs to the focused element: text typed, a menu's or a list's type-ahead. */
const OWN_LETTERS =
  'input, textarea, select, [contenteditable="true"], [role="menu"], [role="listbox"]';

function keysBelongElsewhere(event: KeyboardEvent, page: Document): boolean {
  // Not `instanceof Element`: the mini player's elements are another window's.
  const target = event.target as Partial<Element> | null;
  // A button or a link takes Space and Enter, never a letter: M mutes from the player's buttons.
  const own = /^\w$/.test(event.key) ? OWN_LETTERS : OWN_KEYS;
  if (typeof target?.closest === 'function' && target.closest(own)) return true;
  return page.querySelector('[role="dialog"]') !== null;
}

/** F: starts a focus session (25 / 5), or pauses or resumes the one that runs. */
function focusKey(focus: PlayerState['focus']): PlayerCommand {
  if (!focus) return { type: 'focusStart', plan: FOCUS_PRESETS[0]! };
  return { type: focus.endsAt === null ? 'focusResume' : 'focusPause' };
}

/**
 * Space play/pause, ←/→ seek 5 s, Shift+←/→ previous/next, M mute, F focus, P the mini
 * player (where there is one) — unless the key belongs to a text field, a control, a menu or
 * an open dialog of `target`'s page (a letter to a field, a menu or a list, not to a button or
 * a link). Returns the undo.
 */
export function installPlayerKeyboard(
  target: Window,
  player: PlayerBus,
  state: () => PlayerState,
  /** Opens or closes the mini player. */
  miniPlayer?: () => void,
): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (keysBelongElsewhere(event, target.document)) return;
    const { position, muted, focus } = state();
    if (event.key === ' ') player.dispatch({ type: 'toggle' });
    else if (event.key === 'ArrowLeft' && event.shiftKey) player.dispatch({ type: 'previous' });
    else if (event.key === 'ArrowRight' && event.shiftKey) player.dispatch({ type: 'next' });
    else if (event.key === 'ArrowLeft')
      player.dispatch({ type: 'seek', seconds: position - SEEK_STEP_SECONDS });
    else if (event.key === 'ArrowRight')
      player.dispatch({ type: 'seek', seconds: position + SEEK_STEP_SECONDS });
    else if (event.key === 'm' || event.key === 'M')
      player.dispatch({ type: 'mute', muted: !muted });
    else if (event.key === 'f' || event.key === 'F') player.dispatch(focusKey(focus));
    else if ((event.key === 'p' || event.key === 'P') && miniPlayer) miniPlayer();
    else return;
    event.preventDefault();
  };
  target.addEventListener('keydown', onKey);
  return () => target.removeEventListener('keydown', onKey);
}
