import { BehaviorSubject } from 'rxjs';
import type { Observable } from 'rxjs';
import type { MiniPlayerWindow } from './mini-player-window';

/** Document Picture-in-Picture (Chromium), which TypeScript's DOM types do not have yet. */
export interface DocumentPictureInPicture {
  requestWindow(options: { width: number; height: number }): Promise<Window>;
}

/** The open mini player: its window, and what renders into it. */
export interface MiniPlayerShown {
  window: Window;
  View: typeof MiniPlayerWindow;
}

/**
 * The mini player: the player's controls in a small window above every other (Document
 * Picture-in-Picture). Its code is fetched on first use, never with the dashboard.
 */
export interface MiniPlayer {
  /** The open window, and its view; null while closed. */
  readonly shown$: Observable<MiniPlayerShown | null>;
  /** Opens it; only within a user activation (a press, a key, the browser's own request). */
  readonly open: () => void;
  /** Opens it, or closes it when it is open. */
  readonly toggle: () => void;
  readonly close: () => void;
  /** Fetches its code ahead of a press (the pointer over, or the focus on, its button). */
  readonly prefetch: () => void;
}

const loadView = () =>
  import(/* webpackChunkName: "mini-player" */ './mini-player-window').then(
    ({ MiniPlayerWindow }) => MiniPlayerWindow,
  );

/** At most 360 × 180 CSS px: the controls, and nothing the owner must move out of the way. */
export const MINI_PLAYER_SIZE = { width: 360, height: 180 };

/** The mini player where the browser offers the API; none elsewhere (no button, no key). */
export function createMiniPlayer(
  pip = (window as Window & { documentPictureInPicture?: DocumentPictureInPicture })
    .documentPictureInPicture,
  load = loadView,
): MiniPlayer | undefined {
  if (!pip) return undefined;
  const shown$ = new BehaviorSubject<MiniPlayerShown | null>(null);
  let opening = false;
  const open = () => {
    if (opening || shown$.value) return;
    opening = true;
    // The window first, within the press's user activation; its code meanwhile.
    const request = pip.requestWindow(MINI_PLAYER_SIZE);
    Promise.all([request, load()])
      .then(([opened, View]) => {
        if (opened.closed) return;
        opened.addEventListener('pagehide', () => shown$.next(null), { once: true });
        shown$.next({ window: opened, View });
      })
      // Refused (no user activation) or its code unreachable: no window stays open empty.
      .catch(() => request.then((opened) => opened.close()))
      .catch(() => undefined)
      .finally(() => {
        opening = false;
      });
  };
  const close = () => shown$.value?.window.close();
  return {
    shown$,
    open,
    toggle: () => (shown$.value ? close() : open()),
    close,
    prefetch: () => void load().catch(() => undefined),
  };
}
