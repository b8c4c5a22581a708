import { BehaviorSubject } from 'rxjs';
import type { Observable } from 'rxjs';
import { EMPTY_OFFLINE_STATE } from '@loofi/contracts';
import type { OfflineState, OfflineTracks, Track } from '@loofi/contracts';
import { memoizeUntilFailure } from '@loofi/ui/async';
import { KEPT_TRACKS_CHANGED } from './kept-cache';
import { offlineStateOf, readKeptEntries } from './kept-entries';
import type { KeptTrackStore, OfflineTracksEnvironment } from './kept-track-store';

export type { OfflineTracksEnvironment } from './kept-track-store';

/** The host's tracks kept offline: the port remotes get, and what the player asks. */
export interface KeptTracks extends OfflineTracks {
  /**
   * Whether the track is kept, at once: the player asks it, offline, of every track it would
   * play. By the track's `audio` as the library spells it, as `state$` says. False until
   * what earlier visits kept has been read (`loaded`).
   */
  isKept(track: Track): boolean;
  /** Settles once what earlier visits kept has been read from the cache. */
  readonly loaded: Promise<void>;
}

export interface OfflineTracksOptions {
  /**
   * Whether the page may download this track's audio: the rule of the site's security
   * policy (`audioReadable`). Any other host is refused before a request is made.
   */
  mayRead(track: Track): boolean;
  environment?: OfflineTracksEnvironment;
}

const BROADCAST_CHANNEL = 'loofi-offline-tracks';

export function browserEnvironment(): OfflineTracksEnvironment {
  const channel =
    typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(BROADCAST_CHANNEL);
  return {
    caches: window.caches,
    fetch: (input, init) => window.fetch(input, init),
    baseUrl: () => window.location.href,
    online: () => navigator.onLine,
    persist: () => navigator.storage?.persist?.() ?? Promise.resolve(false),
    announce() {
      channel?.postMessage(KEPT_TRACKS_CHANGED);
      // The worker answers requests from the cache only for the URLs it knows are kept.
      navigator.serviceWorker
        ?.getRegistration()
        .then((registration) => registration?.active?.postMessage({ type: KEPT_TRACKS_CHANGED }))
        .catch(() => undefined);
    },
    onAnnounced(listener) {
      channel?.addEventListener('message', listener);
    },
  };
}

/**
 * The port: what is kept is read from the cache at once (the player and the remotes need it
 * from the start); the code that stores and forgets tracks is fetched when the owner first
 * keeps or removes one, or at once when earlier visits kept some, so that it is there, and
 * in the service worker's caches, for removing one offline.
 */
class KeptTracksPort implements KeptTracks {
  private readonly state = new BehaviorSubject<OfflineState>(EMPTY_OFFLINE_STATE);
  readonly state$: Observable<OfflineState> = this.state.asObservable();
  readonly loaded: Promise<void>;
  private storeCreated = false;
  private readonly store: () => Promise<KeptTrackStore>;

  constructor(
    mayRead: (track: Track) => boolean,
    private readonly env: OfflineTracksEnvironment,
  ) {
    this.store = memoizeUntilFailure(() =>
      import(/* webpackChunkName: "offline-tracks" */ './kept-track-store').then(
        ({ KeptTrackStore }) => {
          this.storeCreated = true;
          return new KeptTrackStore(this.state, mayRead, env);
        },
      ),
    );
    const read = () =>
      readKeptEntries(env.caches).then(
        (entries) => {
          if (this.storeCreated) return;
          this.state.next(offlineStateOf(entries));
          if (entries.size > 0) this.store().catch(() => undefined);
        },
        () => undefined,
      );
    this.loaded = read();
    env.onAnnounced(() => {
      if (this.storeCreated) void this.store().then((store) => store.reload());
      else void read();
    });
  }

  isKept(track: Track): boolean {
    return this.state.value.kept.has(track.audio);
  }

  keep(track: Track): Promise<void> {
    return this.store().then(
      (store) => store.keep(track),
      // Offline, the code that keeps tracks may not have been fetched yet: the owner is told
      // the reason the store itself would give (keep-failure.ts, in the store's chunk).
      () =>
        Promise.reject(
          new Error(
            this.env.online()
              ? `“${track.title}” could not be kept offline: try again.`
              : `“${track.title}” cannot be kept offline while you are offline.`,
          ),
        ),
    );
  }

  remove(track: Track): Promise<void> {
    return this.store().then(
      (store) => store.remove(track),
      () => Promise.reject(new Error(`The offline copy of “${track.title}” could not be removed.`)),
    );
  }

  removeAll(): Promise<void> {
    return this.store().then(
      (store) => store.removeAll(),
      () => Promise.reject(new Error('The tracks kept offline could not be removed.')),
    );
  }
}

/** The tracks kept offline, read from what earlier visits kept. */
export function createKeptTracks({ mayRead, environment }: OfflineTracksOptions): KeptTracks {
  return new KeptTracksPort(mayRead, environment ?? browserEnvironment());
}
