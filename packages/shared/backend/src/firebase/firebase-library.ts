import { onValue, ref, runTransaction, update } from 'firebase/database';
import type { Database } from 'firebase/database';
import {
  distinctUntilChanged,
  firstValueFrom,
  map,
  Observable,
  shareReplay,
  takeUntil,
} from 'rxjs';
import {
  trackIdentity,
  DuplicateTrackError,
  readStoredTrack,
  salvageTrack,
  validateTrack,
} from '@loofi/contracts';
import type { LibraryPort, StoredTrack, Track, UnreadableEntry } from '@loofi/contracts';
import type { CorruptEntryReport } from '../bounded-log';
import { identityKey } from './identity-key';

/** The Realtime Database list of tracks (SPEC §3, §7). */
export const LIBRARY_PATH = 'loofi-music';
/** The next free index of the list: an add claims its index here, never by rewriting the list. */
const NEXT_INDEX_PATH = 'loofi-music-next';
/** Which entry holds which music (by `identityKey`), claimed inside a transaction. */
const IDENTITIES_PATH = 'loofi-music-identities';

/**
 * A claim whose entry is not in the list yet is another add still in flight for this long;
 * after that (a client that stopped between the two writes) it is stale and may be taken.
 */
const CLAIM_IN_FLIGHT_MS = 30_000;

interface Claim {
  index: number;
  at: number;
}

const isClaim = (value: unknown): value is Claim =>
  typeof value === 'object' &&
  value !== null &&
  Number.isSafeInteger((value as Claim).index) &&
  typeof (value as Claim).at === 'number';

/** What the last snapshot of the list says, for the checks made while writing. */
interface ListFacts {
  /** The identity of each readable entry, by index. */
  identities: Map<number, string>;
  /** The index of an entry holding each identity. */
  holders: Map<string, number>;
  /** Every index that holds something, readable or not. */
  occupied: Set<number>;
  highest: number;
}

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
  let facts: ListFacts = {
    identities: new Map(),
    holders: new Map(),
    occupied: new Set(),
    highest: -1,
  };

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
    const next: ListFacts = {
      identities: new Map(),
      holders: new Map(),
      occupied: new Set(),
      highest: -1,
    };
    for (const [key, entry] of entriesOf(value)) {
      const path = `${LIBRARY_PATH}/${key}`;
      if (!INDEX_KEY.test(key)) {
        corrupt.note(path, 'its key is not an index');
        continue;
      }
      const index = Number(key);
      next.occupied.add(index);
      next.highest = Math.max(next.highest, index);
      const read = readStoredTrack(entry);
      if ('problem' in read) {
        corrupt.note(path, read.problem);
        skipped.push({ key, problem: read.problem, found: salvageTrack(entry) });
      } else {
        tracks.push({ ...read.track, key });
        const identity = trackIdentity(read.track);
        next.identities.set(index, identity);
        if (!next.holders.has(identity)) next.holders.set(identity, index);
      }
    }
    facts = next;
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

  /** The list as the server last sent it (a read, never a write). */
  const currentFacts = async (): Promise<ListFacts> => {
    await firstValueFrom(tracks$);
    return facts;
  };

  const claimRef = (identity: string) => ref(db, `${IDENTITIES_PATH}/${identityKey(identity)}`);

  /**
   * Claims the music for the entry at `index`, inside a transaction on that music's claim
   * alone (SPEC §5's duplicate rule, held even against another client adding it at the same
   * moment). False when the library holds it already, or another add of it is in flight.
   */
  const claim = async (identity: string, index: number, list: ListFacts): Promise<boolean> => {
    const holder = list.holders.get(identity);
    if (holder !== undefined && holder !== index) return false;
    let duplicate = false;
    const result = await runTransaction(claimRef(identity), (current: unknown) => {
      duplicate =
        isClaim(current) &&
        current.index !== index &&
        (list.identities.get(current.index) === identity ||
          (!list.occupied.has(current.index) && Date.now() - current.at < CLAIM_IN_FLIGHT_MS));
      // Left as it is rather than aborted: the first run may see a guess from the local
      // cache, and only a write (even of the same value) is checked against the server.
      return duplicate ? current : { index, at: Date.now() };
    });
    return !duplicate && result.committed;
  };

  /** Lets go of a claim if it is still the one for the entry at `index`. */
  const release = async (identity: string, index: number): Promise<void> => {
    await runTransaction(claimRef(identity), (current: unknown) =>
      isClaim(current) && current.index === index ? null : current,
    );
  };

  /**
   * Adds the tracks whose music the library does not hold: their indexes are claimed in one
   * transaction on the next-index counter, each music in a transaction on its own claim, and
   * then only the new entries are written. Nothing else in the list is read back or rewritten,
   * so an old entry that today's rules would refuse cannot block an add.
   */
  const append = async (tracks: readonly Track[]): Promise<number> => {
    const valid = tracks.map(validateTrack);
    const fresh = new Map<string, Track>();
    for (const track of valid) {
      const identity = trackIdentity(track);
      if (!fresh.has(identity)) fresh.set(identity, track);
    }
    if (fresh.size === 0) return 0;
    const list = await currentFacts();
    const wanted = [...fresh].filter(([identity]) => !list.holders.has(identity));
    if (wanted.length === 0) return 0;
    const counted = await runTransaction(ref(db, NEXT_INDEX_PATH), (current: unknown) => {
      const next = typeof current === 'number' && Number.isSafeInteger(current) ? current : 0;
      // Past every entry there is, whoever wrote it (an older client never counted).
      return Math.max(next, list.highest + 1) + wanted.length;
    });
    const end = counted.snapshot.val() as number;
    if (!counted.committed || !Number.isSafeInteger(end)) {
      throw new Error(`The tracks were not added to ${LIBRARY_PATH}: no index could be claimed.`);
    }
    const first = end - wanted.length;
    const claimed = await Promise.all(
      wanted.map(([identity], offset) => claim(identity, first + offset, list)),
    );
    const writes: Record<string, Track> = {};
    wanted.forEach(([, track], offset) => {
      if (claimed[offset]) writes[`${LIBRARY_PATH}/${first + offset}`] = track;
    });
    const added = Object.keys(writes).length;
    if (added === 0) return 0;
    try {
      await update(ref(db), writes);
    } catch (error) {
      await Promise.all(
        wanted.map(([identity], offset) =>
          claimed[offset] ? release(identity, first + offset).catch(() => undefined) : undefined,
        ),
      );
      throw error;
    }
    return added;
  };

  /**
   * Changes the entry at a key only if there is one. Writing null where nothing is keeps a
   * missing entry missing; and when this client has not loaded the entry yet, the server
   * refuses that null as stale and the SDK reruns with the real value, so an existing track
   * is never taken for a missing one.
   */
  const replaceExisting = async (key: string, next: Track | null): Promise<string | null> => {
    if (!INDEX_KEY.test(key)) throw new Error(`There is no track at ${LIBRARY_PATH}/${key}.`);
    let found = false;
    let previous: string | null = null;
    const result = await runTransaction(ref(db, `${LIBRARY_PATH}/${key}`), (current: unknown) => {
      found = current !== null && current !== undefined;
      const read = readStoredTrack(current);
      previous = 'track' in read ? trackIdentity(read.track) : null;
      return found ? next : null;
    });
    if (!result.committed || !found) {
      throw new Error(`There is no track at ${LIBRARY_PATH}/${key}.`);
    }
    return previous;
  };

  const change = async (key: string, track: Track): Promise<void> => {
    const next = validateTrack(track);
    const identity = trackIdentity(next);
    const index = Number(key);
    if (INDEX_KEY.test(key) && !(await claim(identity, index, await currentFacts()))) {
      throw new DuplicateTrackError();
    }
    const previous = await replaceExisting(key, next).catch(async (error: unknown) => {
      await release(identity, index).catch(() => undefined);
      throw error;
    });
    if (previous !== null && previous !== identity) {
      await release(previous, index).catch(() => undefined);
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
    update: change,
    // A removed entry becomes a hole (SPEC §7): the other tracks keep their keys.
    remove: async (key) => {
      const previous = await replaceExisting(key, null);
      if (previous !== null) await release(previous, Number(key)).catch(() => undefined);
    },
  };
}
