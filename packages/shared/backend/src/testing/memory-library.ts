import { BehaviorSubject } from 'rxjs';
import { trackIdentity, DuplicateTrackError } from '@loofi/contracts';
import type { LibraryPort, StoredTrack, Track } from '@loofi/contracts';

/** A library kept in memory, for tests: the same duplicate rule and change stream as the real ones. */
export function createMemoryLibrary(initial: readonly Track[] = []): LibraryPort {
  let nextKey = 0;
  const stored = (track: Track): StoredTrack => ({ ...track, key: String(nextKey++) });
  const tracks = new BehaviorSubject<readonly StoredTrack[]>(initial.map(stored));

  const replace = (key: string, next: (entry: StoredTrack) => StoredTrack | null) => {
    const current = tracks.getValue();
    if (!current.some((entry) => entry.key === key)) {
      return Promise.reject(new Error(`No track with key ${key}`));
    }
    tracks.next(
      current.flatMap((entry) => {
        if (entry.key !== key) return [entry];
        const replaced = next(entry);
        return replaced ? [replaced] : [];
      }),
    );
    return Promise.resolve();
  };

  const holderOf = (track: Track) =>
    tracks.getValue().find((entry) => trackIdentity(entry) === trackIdentity(track))?.key;

  return {
    tracks$: tracks.asObservable(),
    add(track) {
      if (holderOf(track) !== undefined) return Promise.reject(new DuplicateTrackError());
      tracks.next([...tracks.getValue(), stored(track)]);
      return Promise.resolve();
    },
    addMany(batch) {
      const known = new Set(tracks.getValue().map(trackIdentity));
      const fresh = batch.filter((track) => {
        const identity = trackIdentity(track);
        if (known.has(identity)) return false;
        known.add(identity);
        return true;
      });
      tracks.next([...tracks.getValue(), ...fresh.map(stored)]);
      return Promise.resolve(fresh.length);
    },
    update(key, track) {
      const holder = holderOf(track);
      if (holder !== undefined && holder !== key) return Promise.reject(new DuplicateTrackError());
      return replace(key, () => ({ ...track, key }));
    },
    remove(key) {
      return replace(key, () => null);
    },
  };
}
