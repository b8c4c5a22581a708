import type { StoredTrack, Track } from '@loofi/shared/contracts';

/**
 * SPEC §5: two tracks are the same music when their trimmed, case-insensitive title and
 * author match. The separator cannot occur in a trimmed title, so 'a b' + 'c' and
 * 'a' + 'b c' stay apart.
 */
export function trackIdentity(track: Pick<Track, 'title' | 'author'>): string {
  const normalise = (text: string) => text.trim().normalize('NFC').toLowerCase();
  return `${normalise(track.title)}\u0000${normalise(track.author)}`;
}

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
