import { onValue, ref, runTransaction } from 'firebase/database';
import type { Database } from 'firebase/database';
import { distinctUntilChanged, map, Observable, shareReplay, takeUntil } from 'rxjs';
import { trackIdentity } from '../../contracts';
import type { LibraryPort, StoredTrack, Track, UnreadableEntry } from '../../contracts';
import type { CorruptEntryReport } from '../bounded-log';
import {
  DuplicateTrackError,
  readStoredTrack,
  salvageTrack,
  validateTrack,
} from '../track-validation';

/** The Realtime Database list of tracks (SPEC §3, §7). */
export const LIBRARY_PATH = 'loofi-music';

/** Keys are array indexes; anything else could not be addressed by update or remove. */
const INDEX_KEY = /^(0|[1-9]\d{0,8})$/;

/**
 * The list as the SDK hands it over: an array (holes are empty slots or null) when most
 * indexes are present, an object keyed by index strings otherwise. Both read the same.
 */
function entriesOf(value: unknown): Array<[string, unknown]> {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).filter(
    ([, entry]) => entry !== null && entry !== undefined,
  );
}

function highestIndex(value: unknown): number {
  let highest = -1;
  for (const [key] of entriesOf(value)) {
    if (INDEX_KEY.test(key)) highest = Math.max(highest, Number(key));
  }
  return highest;
}

/**
 * The stored value with the tracks whose music it does not hold yet appended after the
 * highest index (holes stay holes), and how many those are.
 */
function appended(
  current: unknown,
  tracks: readonly Track[],
): { next: Record<string, unknown>; added: number } {
  const entries = entriesOf(current);
  const known = new Set<string>();
  for (const [, entry] of entries) {
    const read = readStoredTrack(entry);
    if ('track' in read) known.add(trackIdentity(read.track));
  }
  const next: Record<string, unknown> = Object.fromEntries(entries);
  let index = highestIndex(current);
  let added = 0;
  for (const track of tracks) {
    const identity = trackIdentity(track);
    if (known.has(identity)) continue;
    known.add(identity);
    next[String(++index)] = track;
    added += 1;
  }
  return { next, added };
}

function describeStoredList(value: unknown): string | null {
  return value === null || typeof value === 'object' ? null : 'it is not a list';
}

export function createFirebaseLibrary(
  db: Database,
  corrupt: CorruptEntryReport,
  /** Emits (and replays) once the backend is disposed. */
  disposed$: Observable<void>,
): LibraryPort {
  const listRef = ref(db, LIBRARY_PATH);

  /** The entries the last snapshot could not read, for the owner to repair or delete. */
  let unreadable: readonly UnreadableEntry[] = [];

  const toTracks = (value: unknown): StoredTrack[] => {
    const skipped: UnreadableEntry[] = [];
    unreadable = skipped;
    const listProblem = describeStoredList(value);
    if (listProblem) {
      corrupt.note(LIBRARY_PATH, listProblem);
      corrupt.flush();
      return [];
    }
    const tracks: StoredTrack[] = [];
    for (const [key, entry] of entriesOf(value)) {
      const path = `${LIBRARY_PATH}/${key}`;
      if (!INDEX_KEY.test(key)) {
        corrupt.note(path, 'its key is not an index');
        continue;
      }
      const read = readStoredTrack(entry);
      if ('problem' in read) {
        corrupt.note(path, read.problem);
        skipped.push({ key, problem: read.problem, found: salvageTrack(entry) });
      } else tracks.push({ ...read.track, key });
    }
    corrupt.flush();
    return tracks.sort((a, b) => Number(a.key) - Number(b.key));
  };

  const tracks$ = new Observable<readonly StoredTrack[]>((subscriber) =>
    onValue(
      listRef,
      (snapshot) => subscriber.next(toTracks(snapshot.val())),
      (error) => subscriber.error(error),
    ),
  ).pipe(takeUntil(disposed$), shareReplay({ bufferSize: 1, refCount: true }));

  /**
   * Appends in one transaction on the whole list: two clients adding at once (SPEC's
   * "index = current count") would otherwise both write the same index and one track would
   * be lost. The server refuses a write based on stale data and the SDK reruns it, so the
   * duplicate check (SPEC §5) also runs against what the server holds, not a stale copy.
   */
  const append = async (tracks: readonly Track[]): Promise<number> => {
    const valid = tracks.map(validateTrack);
    if (valid.length === 0) return 0;
    let listProblem: string | null = null;
    let added = 0;
    const result = await runTransaction(listRef, (current: unknown) => {
      listProblem = describeStoredList(current);
      if (listProblem) return undefined;
      const outcome = appended(current, valid);
      added = outcome.added;
      // Nothing new: leave the list alone (an undefined result aborts without writing).
      return added === 0 ? undefined : outcome.next;
    });
    if (listProblem)
      throw new Error(`The tracks were not added to ${LIBRARY_PATH}: ${listProblem}.`);
    if (!result.committed && added > 0) {
      throw new Error(`The tracks were not added to ${LIBRARY_PATH}: aborted.`);
    }
    return result.committed ? added : 0;
  };

  /**
   * Changes the entry at a key only if there is one. Writing null where nothing is keeps a
   * missing entry missing; and when this client has not loaded the entry yet, the server
   * refuses that null as stale and the SDK reruns with the real value, so an existing track
   * is never taken for a missing one.
   */
  const replaceExisting = async (key: string, next: Track | null): Promise<void> => {
    if (!INDEX_KEY.test(key)) throw new Error(`There is no track at ${LIBRARY_PATH}/${key}.`);
    let found = false;
    const result = await runTransaction(ref(db, `${LIBRARY_PATH}/${key}`), (current: unknown) => {
      found = current !== null && current !== undefined;
      return found ? next : null;
    });
    if (!result.committed || !found) {
      throw new Error(`There is no track at ${LIBRARY_PATH}/${key}.`);
    }
  };

  return {
    tracks$,
    unreadable$: tracks$.pipe(
      map(() => unreadable),
      distinctUntilChanged(),
    ),
    add: async (track) => {
      if ((await append([track])) === 0) throw new DuplicateTrackError();
    },
    addMany: async (tracks) => append(tracks),
    update: async (key, track) => replaceExisting(key, validateTrack(track)),
    // A removed entry becomes a hole (SPEC §7): the other tracks keep their keys.
    remove: async (key) => replaceExisting(key, null),
  };
}
