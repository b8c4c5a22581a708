import { BehaviorSubject } from 'rxjs';
import type { OfflineState, OfflineTracks, Track } from '@loofi/contracts';

/** What a kept track takes when a test does not say: a few minutes of audio and a cover. */
const DEFAULT_TRACK_BYTES = 4_000_000;

export interface MemoryOfflineOptions {
  /** Tracks already kept: their audio URLs with the bytes each takes. */
  kept?: Iterable<readonly [string, number]>;
  /** The bytes a track kept from now on takes. */
  bytesOf?(track: Track): number;
  /** When it returns a message, keeping that track is refused with it, as the host would. */
  refuse?(track: Track): string | undefined;
}

/** The fake offline port, with what a test needs to see it at work. */
export interface MemoryOffline extends OfflineTracks {
  readonly state: OfflineState;
  /**
   * Holds every save asked from now on under way (the track in `saving`) until the function
   * returned is called, so a test can see what the owner sees while a track is stored.
   */
  holdSaves(): () => void;
}

/** Tracks kept offline, in memory: what the host's service worker would store. */
export function createMemoryOffline(options: MemoryOfflineOptions = {}): MemoryOffline {
  const { bytesOf = () => DEFAULT_TRACK_BYTES, refuse = () => undefined } = options;
  const state = new BehaviorSubject<OfflineState>({
    kept: new Map(options.kept ?? []),
    saving: new Set(),
  });
  let held: Promise<void> | null = null;

  const update = (change: (kept: Map<string, number>, saving: Set<string>) => void) => {
    const kept = new Map(state.getValue().kept);
    const saving = new Set(state.getValue().saving);
    change(kept, saving);
    state.next({ kept, saving });
  };

  return {
    state$: state.asObservable(),
    get state() {
      return state.getValue();
    },
    holdSaves() {
      let release = () => {};
      held = new Promise((resolve) => (release = resolve));
      return () => {
        held = null;
        release();
      };
    },
    async keep(track) {
      update((_kept, saving) => saving.add(track.audio));
      await held;
      const refused = refuse(track);
      update((kept, saving) => {
        saving.delete(track.audio);
        if (refused === undefined) kept.set(track.audio, bytesOf(track));
      });
      if (refused !== undefined) throw new Error(refused);
    },
    async remove(track) {
      update((kept) => kept.delete(track.audio));
    },
    async removeAll() {
      update((kept) => kept.clear());
    },
  };
}
