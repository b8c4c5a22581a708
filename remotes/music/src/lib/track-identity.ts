import { trackIdentity } from '@loofi/contracts';
import type { StoredTrack, Track } from '@loofi/contracts';

export { trackIdentity };

/** The identities of the library's tracks, leaving out the one being edited. */
export function identitiesOf(tracks: readonly StoredTrack[], exceptKey?: string): Set<string> {
  const identities = new Set<string>();
  for (const track of tracks) {
    if (track.key !== exceptKey) identities.add(trackIdentity(track));
  }
  return identities;
}

export interface DuplicateSplit<T> {
  /** Candidates neither in the library nor repeating an earlier candidate, in order. */
  fresh: T[];
  duplicates: T[];
}

/** SPEC §5: duplicates are filtered out against the library and inside the batch itself. */
export function splitDuplicates<T extends Pick<Track, 'title' | 'author'>>(
  candidates: readonly T[],
  known: ReadonlySet<string>,
): DuplicateSplit<T> {
  const seen = new Set(known);
  const fresh: T[] = [];
  const duplicates: T[] = [];
  for (const candidate of candidates) {
    const identity = trackIdentity(candidate);
    if (seen.has(identity)) {
      duplicates.push(candidate);
    } else {
      seen.add(identity);
      fresh.push(candidate);
    }
  }
  return { fresh, duplicates };
}
