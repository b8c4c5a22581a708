import { BehaviorSubject } from 'rxjs';
import type { LibraryPort, StoredTrack, Track } from '../../contracts';

/** A library kept in memory: for tests, and for the harnesses until a backend is configured. */
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

  return {
    tracks$: tracks.asObservable(),
    add(track) {
      tracks.next([...tracks.getValue(), stored(track)]);
      return Promise.resolve();
    },
    addMany(batch) {
      tracks.next([...tracks.getValue(), ...batch.map(stored)]);
      return Promise.resolve();
    },
    update(key, track) {
      return replace(key, () => ({ ...track, key }));
    },
    remove(key) {
      return replace(key, () => null);
    },
  };
}
