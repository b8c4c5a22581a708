import type { Observable } from 'rxjs';
import type { Track } from './track';

/** What is kept for listening with no network, live. */
export interface OfflineState {
  /** The audio URLs of the tracks kept offline, with the bytes each takes (audio and cover). */
  readonly kept: ReadonlyMap<string, number>;
  /** The audio URLs of the tracks being stored right now. */
  readonly saving: ReadonlySet<string>;
}

/**
 * Tracks kept for offline listening (contract 1.2): the service worker stores a kept track's
 * audio and cover, and serves them, seeking included, with no network. Optional: a shell of
 * an earlier release, or one without a service worker, does not offer it.
 */
export interface OfflineTracks {
  readonly state$: Observable<OfflineState>;
  /**
   * Stores the track's audio and cover. Rejects with an Error whose message is for the owner
   * (the host refused, no space…), and then nothing of the track is kept.
   */
  keep(track: Track): Promise<void>;
  /** Forgets the stored copy of one track. */
  remove(track: Track): Promise<void>;
  /** Forgets every stored track. */
  removeAll(): Promise<void>;
}

export const EMPTY_OFFLINE_STATE: OfflineState = { kept: new Map(), saving: new Set() };
