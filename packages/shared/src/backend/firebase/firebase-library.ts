import { onValue, ref, runTransaction } from 'firebase/database';
import type { Database } from 'firebase/database';
import { Observable, shareReplay, takeUntil } from 'rxjs';
import type { LibraryPort, StoredTrack, Track } from '../../contracts';
import { readStoredTrack, validateTrack } from '../track-validation';

/** The Realtime Database list of tracks (SPEC §3, §7). */
export const LIBRARY_PATH = 'loofi-music';

/** Keys are array indexes; anything else could not be addressed by update or remove. */
const INDEX_KEY = /^(0|[1-9]\d{0,8})$/;

export type CorruptEntryReporter = (path: string, problem: string) => void;

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

/** The stored value with tracks appended after the highest index, so holes stay holes. */
function appended(current: unknown, tracks: readonly Track[]): Record<string, unknown> {
  const next: Record<string, unknown> = Object.fromEntries(entriesOf(current));
  let index = highestIndex(current);
  for (const track of tracks) next[String(++index)] = track;
  return next;
}

function describeStoredList(value: unknown): string | null {
  return value === null || typeof value === 'object' ? null : 'it is not a list';
}

export function createFirebaseLibrary(
  db: Database,
  reportCorrupt: CorruptEntryReporter,
  /** Emits (and replays) once the backend is disposed. */
  disposed$: Observable<void>,
): LibraryPort {
  const listRef = ref(db, LIBRARY_PATH);

  const toTracks = (value: unknown): StoredTrack[] => {
    const listProblem = describeStoredList(value);
    if (listProblem) {
      reportCorrupt(LIBRARY_PATH, listProblem);
      return [];
    }
    const tracks: StoredTrack[] = [];
    for (const [key, entry] of entriesOf(value)) {
      const path = `${LIBRARY_PATH}/${key}`;
      if (!INDEX_KEY.test(key)) {
        reportCorrupt(path, 'its key is not an index');
        continue;
      }
      const read = readStoredTrack(entry);
      if ('problem' in read) reportCorrupt(path, read.problem);
      else tracks.push({ ...read.track, key });
    }
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
   * be lost. The server refuses a write based on stale data and the SDK reruns it.
   */
  const append = async (tracks: readonly Track[]): Promise<void> => {
    const valid = tracks.map(validateTrack);
    if (valid.length === 0) return;
    let listProblem: string | null = null;
    const result = await runTransaction(listRef, (current: unknown) => {
      listProblem = describeStoredList(current);
      return listProblem ? undefined : appended(current, valid);
    });
    if (!result.committed) {
      throw new Error(`The tracks were not added to ${LIBRARY_PATH}: ${listProblem ?? 'aborted'}.`);
    }
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
    add: async (track) => append([track]),
    addMany: async (tracks) => append(tracks),
    update: async (key, track) => replaceExisting(key, validateTrack(track)),
    // A removed entry becomes a hole (SPEC §7): the other tracks keep their keys.
    remove: async (key) => replaceExisting(key, null),
  };
}
