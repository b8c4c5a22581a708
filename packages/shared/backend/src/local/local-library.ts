import { distinctUntilChanged, map, Observable, Subject } from 'rxjs';
import type { Subscription } from 'rxjs';
import type { LibraryPort, StoredTrack, Track, UnreadableEntry } from '@loofi/contracts';
import type { CorruptEntryReport } from '../bounded-log';
import {
  DuplicateTrackError,
  readStoredTrack,
  salvageTrack,
  validateTrack,
} from '@loofi/contracts';
import { IDENTITY_INDEX, localEntry, readOnly } from './local-database';
import type { LocalDatabase } from './local-database';

/** The least time between two lists handed to subscribers while writes keep coming. */
const EMIT_INTERVAL_MS = 500;

/** Another tab's burst of writes (an import) is read once it pauses, not once per batch. */
const OTHER_TABS_QUIET_MS = 100;

/** Entries read per request when the library is read whole. */
const READ_PAGE = 10_000;

/**
 * From this many entries on, a random sample is read ahead of the whole library (100,000
 * entries take about a second to read), so Home has cards to show meanwhile.
 */
export const SAMPLE_FROM = 2_000;
/** As many as Home shows. */
export const SAMPLE_SIZE = 12;

export interface LocalLibraryOptions {
  db: LocalDatabase;
  /** Another tab of this browser changed the library. */
  othersChanged$: Observable<unknown>;
  /** Tells the other tabs that this one changed the library. */
  announce(): void;
  corrupt: CorruptEntryReport;
  /** The least time between two lists handed out during a burst of writes. */
  burstIntervalMs?: number;
  /** Entries read per request when the library is read whole. */
  readPage?: number;
}

type Entries = Map<number, StoredTrack>;

/**
 * The `loofi-music` store as a library. It is read whole (one `getAll`) when a first
 * subscriber arrives and when another tab changes it; this tab's own writes are applied to
 * what it holds rather than read back, so an import of 100,000 tracks in batches costs one
 * read, not one per batch.
 */
export function createLocalLibrary({
  db,
  othersChanged$,
  announce,
  corrupt,
  burstIntervalMs = EMIT_INTERVAL_MS,
  readPage = READ_PAGE,
}: LocalLibraryOptions): LibraryPort {
  /** The library as this tab knows it, in key order; null until read. */
  let known: Entries | null = null;
  /** The last list handed out. */
  let current: readonly StoredTrack[] | null = null;
  /** The entries the last read could not read. */
  let unreadable: readonly UnreadableEntry[] = [];
  const updates = new Subject<readonly StoredTrack[]>();
  const failures = new Subject<unknown>();
  let watchers = 0;
  let othersSubscription: Subscription | null = null;

  /** Counts this tab's committed writes, so a read they overtook is known to be stale. */
  let writes = 0;
  let loading: Promise<void> | null = null;
  let again = false;

  // A burst of writes (an import) is shown at most every EMIT_INTERVAL_MS: each list handed
  // out makes every subscriber work through the whole library again.
  let lastEmit = Number.NEGATIVE_INFINITY;
  let trailing: ReturnType<typeof setTimeout> | null = null;
  const emitNow = () => {
    trailing = null;
    if (!known) return;
    lastEmit = Date.now();
    current = [...known.values()];
    updates.next(current);
  };
  const emit = () => {
    if (trailing !== null) return;
    const wait = lastEmit + burstIntervalMs - Date.now();
    if (wait <= 0) emitNow();
    else trailing = setTimeout(emitNow, wait);
  };

  const readAll = async (): Promise<{ entries: Entries; unreadable: UnreadableEntry[] }> => {
    const store = readOnly(db, 'loofi-music').store;
    const keys = await store.getAllKeys();
    const entries: Entries = new Map();
    const skipped: UnreadableEntry[] = [];
    const checkPage = (pageKeys: number[], values: unknown[]) =>
      pageKeys.map((key, index) => {
        const read = readStoredTrack(values[index]);
        return 'track' in read
          ? { ok: true as const, key, track: { ...read.track, key: String(key) } }
          : { ok: false as const, key, problem: read.problem, value: values[index] };
      });
    // In pages, all asked for at once inside this one transaction: each page arrives (and is
    // checked) in a task of its own, so a large library never holds the page for long.
    const pages = await Promise.all(
      Array.from({ length: Math.ceil(keys.length / readPage) }, (_, page) => {
        const pageKeys = keys.slice(page * readPage, (page + 1) * readPage);
        const range = IDBKeyRange.bound(pageKeys[0], pageKeys[pageKeys.length - 1]);
        return store.getAll(range).then((values) => checkPage(pageKeys, values));
      }),
    );
    for (const page of pages) {
      for (const read of page) {
        if (read.ok) entries.set(read.key, read.track);
        else {
          corrupt.note(`loofi-music/${read.key}`, read.problem);
          skipped.push({
            key: String(read.key),
            problem: read.problem,
            found: salvageTrack(read.value),
          });
        }
      }
    }
    corrupt.flush();
    return { entries, unreadable: skipped };
  };

  /**
   * A few entries at random: as many random keys between the first and the last, each
   * taken as the first entry at or after it (autoincremented keys have few holes). Null
   * when the library is small enough to read whole at once.
   */
  const readSample = async (): Promise<StoredTrack[] | null> => {
    const store = readOnly(db, 'loofi-music').store;
    const [count, first, last] = await Promise.all([
      store.count(),
      store.openKeyCursor(null, 'next'),
      store.openKeyCursor(null, 'prev'),
    ]);
    if (count < SAMPLE_FROM || !first || !last) return null;
    const low = first.key;
    const span = last.key - low + 1;
    // Twice as many as shown: some may land on the same entry, or on one that is unreadable.
    const picks = await Promise.all(
      Array.from({ length: SAMPLE_SIZE * 2 }, () =>
        store.openCursor(IDBKeyRange.lowerBound(low + Math.floor(Math.random() * span))),
      ),
    );
    const sample = new Map<string, StoredTrack>();
    for (const cursor of picks) {
      if (!cursor || sample.size === SAMPLE_SIZE) continue;
      const read = readStoredTrack(cursor.value);
      if ('track' in read) sample.set(read.track.audio, stored(read.track, cursor.key));
    }
    return [...sample.values()];
  };

  /**
   * Taken once, before the first whole read: IndexedDB answers a tab's requests one after
   * another, so a sample asked for beside the whole read would come after it.
   */
  let sampleRead: Promise<StoredTrack[] | null> | null = null;
  const sampleOnce = () => (sampleRead ??= readSample().catch(() => null));

  /** Emits the sample once, unless the whole library is there first. */
  const sample$ = new Observable<readonly StoredTrack[]>((subscriber) => {
    if (known) {
      subscriber.complete();
      return;
    }
    void sampleOnce().then((sample) => {
      if (sample && sample.length > 0 && !known) subscriber.next(sample);
      subscriber.complete();
    });
  });

  const load = (): Promise<void> => {
    if (loading) {
      again = true;
      return loading;
    }
    loading = (async () => {
      try {
        // Two short round trips; a large library is then on the screen long before it is read.
        if (!known) await sampleOnce();
        do {
          again = false;
          const writesBefore = writes;
          const read = await readAll();
          // A write of this tab committed while reading may be missing from it: read again.
          if (writes !== writesBefore) again = true;
          else {
            known = read.entries;
            unreadable = read.unreadable;
            // A read is handed out at once: a subscriber that has just arrived must not
            // wait for the burst throttle, which is for this tab's own writes.
            if (trailing !== null) clearTimeout(trailing);
            emitNow();
          }
        } while (again);
      } finally {
        // Cleared the moment the loop ends, not a tick later: a subscriber arriving in
        // between would otherwise wait on a read that has already finished without it.
        loading = null;
      }
    })().catch((error: unknown) => failures.next(error));
    return loading;
  };

  /** A write of this tab has committed: apply it to what is known and tell the others. */
  const committed = (apply: ((entries: Entries) => void) | null) => {
    writes += 1;
    announce();
    if (!known || watchers === 0) return;
    if (apply) {
      apply(known);
      emit();
    } else {
      void load();
    }
  };

  const tracks$ = new Observable<readonly StoredTrack[]>((subscriber) => {
    const subscription = updates.subscribe(subscriber);
    subscription.add(failures.subscribe((error) => subscriber.error(error)));
    watchers += 1;
    if (watchers === 1) {
      // Nobody listened to the other tabs meanwhile: what was known may be stale.
      known = null;
      current = null;
      // A plain timer rather than rxjs' auditTime: its scheduler would weigh on /auth.
      let quiet: ReturnType<typeof setTimeout> | null = null;
      othersSubscription = othersChanged$.subscribe(() => {
        quiet ??= setTimeout(() => {
          quiet = null;
          void load();
        }, OTHER_TABS_QUIET_MS);
      });
      othersSubscription.add(() => {
        if (quiet !== null) clearTimeout(quiet);
      });
      void load();
    } else if (current) {
      subscriber.next(current);
    }
    return () => {
      subscription.unsubscribe();
      watchers -= 1;
      if (watchers === 0) {
        othersSubscription?.unsubscribe();
        othersSubscription = null;
      }
    };
  });

  const existingKey = async (key: string): Promise<number> => {
    const numeric = Number(key);
    const found =
      Number.isSafeInteger(numeric) &&
      (await readOnly(db, 'loofi-music').store.getKey(numeric)) !== undefined;
    if (!found) throw new Error(`There is no track at loofi-music/${key}.`);
    return numeric;
  };

  /** Ends a write without writing; the aborted transaction's rejection is expected. */
  const abort = (transaction: { abort(): void; done: Promise<void> }) => {
    transaction.done.catch(() => undefined);
    transaction.abort();
  };

  /** What subscribers see of an entry: the four fields and the key, not the identity. */
  const stored = ({ title, author, audio, image }: Track, key: number): StoredTrack => ({
    title,
    author,
    audio,
    image,
    key: String(key),
  });

  return {
    tracks$,
    sample$,
    unreadable$: tracks$.pipe(
      map(() => unreadable),
      distinctUntilChanged(),
    ),
    async add(track) {
      const entry = localEntry(validateTrack(track));
      const transaction = db.transaction('loofi-music', 'readwrite');
      // Checked inside the write: another tab adding the same music waits for this one.
      if ((await transaction.store.index(IDENTITY_INDEX).getKey(entry.identity)) !== undefined) {
        abort(transaction);
        throw new DuplicateTrackError();
      }
      const [key] = await Promise.all([transaction.store.add(entry), transaction.done]);
      committed((entries) => entries.set(key, stored(entry, key)));
    },
    async addMany(tracks) {
      const entries = tracks.map((track) => localEntry(validateTrack(track)));
      const transaction = db.transaction('loofi-music', 'readwrite');
      const identities = transaction.store.index(IDENTITY_INDEX);
      // Every lookup is sent at once and answered in order, inside this one transaction: no
      // round trip to JavaScript per track, and no other tab can write in between.
      const holders = await Promise.all(entries.map((entry) => identities.getKey(entry.identity)));
      const batch = new Set<string>();
      const adds: Promise<[number, StoredTrack]>[] = [];
      entries.forEach((entry, index) => {
        if (holders[index] !== undefined || batch.has(entry.identity)) return;
        batch.add(entry.identity);
        adds.push(
          transaction.store
            .add(entry)
            .then((key): [number, StoredTrack] => [key, stored(entry, key)]),
        );
      });
      const [added] = await Promise.all([Promise.all(adds), transaction.done]);
      if (added.length > 0) {
        committed((known) => added.forEach(([key, track]) => known.set(key, track)));
      }
      return added.length;
    },
    async update(key, track) {
      const repairing = unreadable.some((entry) => entry.key === key);
      const entry = localEntry(validateTrack(track));
      const numeric = await existingKey(key);
      const transaction = db.transaction('loofi-music', 'readwrite');
      const holder = await transaction.store.index(IDENTITY_INDEX).getKey(entry.identity);
      if (holder !== undefined && holder !== numeric) {
        abort(transaction);
        throw new DuplicateTrackError();
      }
      await Promise.all([transaction.store.put(entry, numeric), transaction.done]);
      // An entry that was not readable before (repaired) has no place yet: read again.
      committed(
        known?.has(numeric) && !repairing
          ? (entries) => entries.set(numeric, stored(entry, numeric))
          : null,
      );
    },
    async remove(key) {
      const numeric = await existingKey(key);
      await db.delete('loofi-music', numeric);
      // An unreadable entry is not among those held: read again to drop it from that list.
      committed(known?.has(numeric) ? (entries) => entries.delete(numeric) : null);
    },
  };
}
