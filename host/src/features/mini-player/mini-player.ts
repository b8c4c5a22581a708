import { BehaviorSubject } from 'rxjs';
import type { Observable } from 'rxjs';
import type * as MiniPlayerModule from './mini-player-window';
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
  /** True once its code could not be fetched for a press, until that is dismissed or it opens. */
  readonly failed$: Observable<boolean>;
  readonly dismissFailure: () => void;
  /** Opens it; only within a user activation (a press, a key, the browser's own request). */
  readonly open: () => void;
  /** Opens it, or closes it when it is open. */
  readonly toggle: () => void;
  readonly close: () => void;
  /** Fetches its code ahead of a press (the pointer over, or the focus on, its button). */
  readonly prefetch: () => void;
}

const loadWindow = () => import(/* webpackChunkName: "mini-player" */ './mini-player-window');

/** At most 360 × 180 CSS px: the controls, and nothing the owner must move out of the way. */
export const MINI_PLAYER_SIZE = { width: 360, height: 180 };

/** The mini player where the browser offers the API; none elsewhere (no button, no key). */
export function createMiniPlayer(
  pip = (window as Window & { documentPictureInPicture?: DocumentPictureInPicture })
    .documentPictureInPicture,
  load: () => Promise<Pick<typeof MiniPlayerModule, 'showMiniPlayer'>> = loadWindow,
): MiniPlayer | undefined {
  if (!pip) return undefined;
  const shown$ = new BehaviorSubject<MiniPlayerShown | null>(null);
  const failed$ = new BehaviorSubject(false);
  const close = () => shown$.value?.window.close();
  const open = () => {
    if (shown$.value) return;
    failed$.next(false);
    // The window first, within the press's user activation; its code meanwhile. A window
    // whose code cannot be fetched is closed rather than left empty, and the owner told.
    const request = pip.requestWindow(MINI_PLAYER_SIZE);
    load()
      .then(
        ({ showMiniPlayer }) => showMiniPlayer(request, shown$),
        () => {
          failed$.next(true);
          return request.then((opened) => opened.close());
        },
      )
      // Refused (no user activation): nothing opens, and nothing needs saying.
      .catch(() => undefined);
  };
  return {
    shown$,
    failed$,
    dismissFailure: () => failed$.next(false),
    open,
    close,
    toggle: () => (shown$.value ? close() : open()),
    prefetch: () => void load().catch(() => undefined),
  };
}
