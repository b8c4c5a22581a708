import { firstValueFrom } from 'rxjs';
import { plainTrack, sameTrack } from '@loofi/contracts';
import type { PlayerState, PreferencesStore, Track } from '@loofi/contracts';
import type { PlayerBusController } from '@loofi/contracts/player';
import type { ListeningSessionStore } from '@loofi/backend';

/**
 * When this device's own listening session was last written, by its clock. It sits beside
 * `music-session`, which keeps its SPEC §3 meaning (the last track), to tell which of this
 * device's session and the one kept in the backend is newer.
 */
export const SESSION_AT_KEY = 'music-session-at';
/** While playing, the session is written at most this often. */
export const SESSION_SAVE_INTERVAL_MS = 10_000;
/**
 * A stored session that arrives later than this after start is not shown: by then the owner
 * has been looking at this device's own track, and it would change under their eyes.
 */
export const SESSION_READ_WAIT_MS = 10_000;
/** A position this close to the one last written is the same place: not written again. */
const SAME_PLACE_SECONDS = 0.5;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

export function readSessionAt(storage: Storage): number | null {
  try {
    const value = Number(storage.getItem(SESSION_AT_KEY) ?? NaN);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

function writeSessionAt(storage: Storage, at: number) {
  try {
    storage.setItem(SESSION_AT_KEY, String(at));
  } catch {
    // Full or denied storage: another device's session may then win over this one's.
  }
}

/** What the sync listens to of the page: its hiding (`visibilitychange`) and closing (`pagehide`). */
export type SessionPage = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  readonly document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
};

export interface SessionSyncOptions {
  bus: PlayerBusController;
  store: ListeningSessionStore;
  /** The page's localStorage. */
  storage: Storage;
  /** Read for 'Continue where you left off' (`resume`). */
  preferences: PreferencesStore;
  /**
   * Shows `track` at `position`, paused (the engine's `continueAt`); false when the owner has
   * already started playback on this page.
   */
  continueAt(track: Track, position: number): boolean;
  now?: () => number;
  /** The page whose hiding or closing writes the session; `window` unless told. */
  page?: SessionPage;
}

/**
 * Keeps the owner's listening session in the backend, so another device continues there.
 * At start it reads the stored session and, with 'Continue where you left off' on, shows it
 * when it is newer than this device's own. From the owner's first Play on this page it
 * writes where listening is: on pause, on a track change, when the page is hidden, and at
 * most every 10 s while playing. What the page merely shows at start (this device's last
 * track, or another device's) is not written, so opening a device never buries a newer
 * session.
 */
export function startSessionSync(options: SessionSyncOptions): () => void {
  const { bus, store, storage, preferences, continueAt, now = Date.now, page = window } = options;
  const startedAt = now();
  let stopped = false;
  /** The owner has played on this page: from then on, what it plays is the session. */
  let engaged = bus.state.playing;
  let written: { audio: string; position: number } | null = null;
  let writtenAt = -Infinity;

  const save = ({ current, position }: PlayerState) => {
    if (!engaged || !current) return;
    if (
      written?.audio === current.audio &&
      Math.abs(written.position - position) < SAME_PLACE_SECONDS
    ) {
      return;
    }
    const at = now();
    written = { audio: current.audio, position };
    writtenAt = at;
    // Recorded even when the backend cannot be reached: it is this device's session now.
    writeSessionAt(storage, at);
    store.write({ track: plainTrack(current), position, at }).catch(() => undefined);
  };

  let previous = bus.state;
  const subscription = bus.state$.subscribe((state) => {
    if (state.playing) engaged = true;
    const trackChanged = !sameTrack(previous.current, state.current);
    const paused = previous.playing && !state.playing;
    previous = state;
    if (
      trackChanged ||
      paused ||
      (state.playing && now() - writtenAt >= SESSION_SAVE_INTERVAL_MS)
    ) {
      save(state);
    }
  });

  const onVisibilityChange = () => {
    if (page.document.visibilityState === 'hidden') save(bus.state);
  };
  const onPageHide = () => save(bus.state);
  page.document.addEventListener('visibilitychange', onVisibilityChange);
  page.addEventListener('pagehide', onPageHide);

  // At once, not when idle: the stored session must show within moments of the dashboard.
  Promise.all([store.read(), firstValueFrom(preferences.preferences$)])
    .then(([stored, { resume }]) => {
      if (stopped || !stored || !resume || now() - startedAt > SESSION_READ_WAIT_MS) return;
      const own = readSessionAt(storage);
      if (own !== null && stored.at <= own) return;
      if (continueAt(stored.track, stored.position)) {
        // This device now holds that session: it is no longer newer than this device's own.
        writeSessionAt(storage, stored.at);
        written = { audio: stored.track.audio, position: stored.position };
      }
    })
    .catch(() => undefined);

  return () => {
    stopped = true;
    subscription.unsubscribe();
    page.document.removeEventListener('visibilitychange', onVisibilityChange);
    page.removeEventListener('pagehide', onPageHide);
  };
}
