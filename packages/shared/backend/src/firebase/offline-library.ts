import type { Observable } from 'rxjs';
import {
  BehaviorSubject,
  combineLatest,
  defer,
  distinctUntilChanged,
  filter,
  firstValueFrom,
  from,
  map,
  merge,
  of,
  share,
  shareReplay,
  switchMap,
  takeUntil,
  tap,
  timeout,
} from 'rxjs';
import { DuplicateTrackError, trackIdentity, validateTrack } from '@loofi/contracts';
import type { LibraryPort, StoredTrack, Track } from '@loofi/contracts';

/** A change made while the database was out of reach, kept on disk until it is written. */
export type QueuedChange =
  | { kind: 'add'; id: string; tracks: Track[] }
  | { kind: 'update'; key: string; track: Track }
  | { kind: 'remove'; key: string };

/** Where the library and the queued changes are kept between visits (IndexedDB in a page). */
export interface LibraryDisk {
  readLibrary(): Promise<readonly StoredTrack[] | null>;
  writeLibrary(tracks: readonly StoredTrack[]): Promise<void>;
  readQueue(): Promise<QueuedChange[]>;
  writeQueue(changes: readonly QueuedChange[]): Promise<void>;
  /** Runs `task` alone across the owner's pages (two pages never write one queue twice). */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
}

/** The key an entry added offline shows under until the database gives it an index. */
const PENDING_PREFIX = 'pending-';
const pendingKey = (id: string, offset: number) => `${PENDING_PREFIX}${id}-${offset}`;
const isPending = (key: string) => key.startsWith(PENDING_PREFIX);

/** Offline, a list that has not come from disk by then is taken as empty (a first visit). */
const SHOWN_WAIT_MS = 500;
/** How long the last list waits before it is written to disk (a burst of changes is one write). */
const SAVE_DELAY_MS = 1_000;

/** The list as the owner sees it: what the database (or the disk) had, with the queue on top. */
export function withQueue(
  tracks: readonly StoredTrack[],
  queue: readonly QueuedChange[],
): StoredTrack[] {
  let list = [...tracks];
  for (const change of queue) {
    if (change.kind === 'add') {
      // One music is one entry (the database's identity claims). A queued add the list
      // already holds is being written: the database shows a write before it confirms it.
      // (Music added meanwhile elsewhere is held too: the write will find it taken.)
      const held = new Set(list.map(trackIdentity));
      list.push(
        ...change.tracks.flatMap((track, offset) =>
          held.has(trackIdentity(track)) ? [] : [{ ...track, key: pendingKey(change.id, offset) }],
        ),
      );
    } else if (change.kind === 'update') {
      list = list.map((entry) =>
        entry.key === change.key ? { ...change.track, key: entry.key } : entry,
      );
    } else {
      list = list.filter((entry) => entry.key !== change.key);
    }
  }
  return list;
}

/**
 * The Firebase library kept on disk: after one visit the list is shown offline at once,
 * and a change made while the database is out of reach is kept in a queue on disk (it
 * survives a reload) and written, in order, when the connection returns. Each change writes
 * only its own entry, so edits made meanwhile on another device to other tracks are kept,
 * and for one track the last write wins. An add goes through the same identity claims as
 * online: music another device added meanwhile is not added twice.
 */
export function keepLibraryOffline(
  online: LibraryPort,
  connected$: Observable<boolean>,
  disk: LibraryDisk,
  /** Emits (and replays) once the backend is disposed. */
  disposed$: Observable<void>,
  { saveDelayMs = SAVE_DELAY_MS }: { saveDelayMs?: number } = {},
): LibraryPort {
  /** The queue as this page knows it; null until it has been read from disk. */
  const queue = new BehaviorSubject<QueuedChange[] | null>(null);
  const queue$ = defer(() => from(currentQueue())).pipe(
    switchMap(() => queue),
    filter((value): value is QueuedChange[] => value !== null),
  );
  const currentQueue = async (): Promise<QueuedChange[]> => {
    if (queue.value === null) queue.next(await disk.readQueue().catch(() => []));
    return queue.value ?? [];
  };
  const saveQueue = async (next: QueuedChange[]) => {
    queue.next(next);
    await disk.writeQueue(next);
  };

  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  const server$ = online.tracks$.pipe(
    tap((tracks) => {
      clearTimeout(saveTimer);
      saveTimer = setTimeout(
        () => void disk.writeLibrary(tracks).catch(() => undefined),
        saveDelayMs,
      );
    }),
    share(),
  );
  // The list kept on disk stands in until the database has answered.
  const kept$ = defer(() => from(disk.readLibrary().catch(() => null))).pipe(
    filter((tracks): tracks is readonly StoredTrack[] => tracks !== null),
    takeUntil(server$),
  );
  const tracks$ = combineLatest([merge(kept$, server$), queue$]).pipe(
    map(([tracks, changes]) => withQueue(tracks, changes)),
    takeUntil(disposed$),
    shareReplay({ bufferSize: 1, refCount: true }),
  );

  const isConnected = new BehaviorSubject(false);

  /** The list as shown now, for the offline duplicate check. */
  const shown = () =>
    firstValueFrom(tracks$.pipe(timeout({ first: SHOWN_WAIT_MS, with: () => of([]) })));

  let flushing: Promise<void> | null = null;
  /** Writes the queued changes in order; one that the database refuses for good is dropped. */
  const flush = (): Promise<void> =>
    (flushing ??= disk
      .exclusive(async () => {
        // Another page may have written (part of) the queue: read it again from disk.
        queue.next(await disk.readQueue().catch(() => queue.value ?? []));
        while (isConnected.value) {
          const [change] = queue.value ?? [];
          if (!change) return;
          try {
            if (change.kind === 'add') await online.addMany(change.tracks);
            else if (change.kind === 'update') await online.update(change.key, change.track);
            else await online.remove(change.key);
          } catch (error) {
            // Offline again, or a failure that may pass: keep it for the next connection.
            if (!settled(error)) return;
          }
          // Changes queued meanwhile stay behind it.
          await saveQueue((queue.value ?? []).filter((queued) => queued !== change));
        }
      })
      .catch(() => undefined)
      .finally(() => {
        flushing = null;
      }));

  // Last: a connection that is up already writes the queue at once.
  connected$.pipe(distinctUntilChanged(), takeUntil(disposed$)).subscribe({
    next: (connected) => {
      isConnected.next(connected);
      if (connected) void flush();
    },
    error: () => undefined,
  });

  const enqueue = async (change: QueuedChange) => {
    await saveQueue([...(await currentQueue()), change]);
  };

  /** A change to an entry added offline changes the queued add instead. */
  const changePending = async (key: string, track: Track | null) => {
    const changes = await currentQueue();
    const next = changes.flatMap((change): QueuedChange[] => {
      if (change.kind !== 'add') return [change];
      const tracks = change.tracks.flatMap((queued, offset) =>
        pendingKey(change.id, offset) !== key ? [queued] : track ? [track] : [],
      );
      return tracks.length ? [{ ...change, tracks }] : [];
    });
    await saveQueue(next);
  };

  // While older changes wait, a new one waits behind them, so they are written in order.
  const offline = () => !isConnected.value || (queue.value?.length ?? 0) > 0;

  return {
    tracks$,
    unreadable$: online.unreadable$,
    async add(track) {
      if (!offline()) return online.add(track);
      const valid = validateTrack(track);
      const identity = trackIdentity(valid);
      if ((await shown()).some((entry) => trackIdentity(entry) === identity)) {
        throw new DuplicateTrackError();
      }
      await enqueue({ kind: 'add', id: newId(), tracks: [valid] });
    },
    async addMany(tracks) {
      if (!offline()) return online.addMany(tracks);
      const seen = new Set((await shown()).map((entry) => trackIdentity(entry)));
      const fresh: Track[] = [];
      for (const track of tracks) {
        const valid = validateTrack(track);
        const identity = trackIdentity(valid);
        if (seen.has(identity)) continue;
        seen.add(identity);
        fresh.push(valid);
      }
      if (fresh.length) await enqueue({ kind: 'add', id: newId(), tracks: fresh });
      return fresh.length;
    },
    async update(key, track) {
      const valid = validateTrack(track);
      if (isPending(key)) return changePending(key, valid);
      if (!offline()) return online.update(key, valid);
      const identity = trackIdentity(valid);
      if ((await shown()).some((entry) => entry.key !== key && trackIdentity(entry) === identity)) {
        throw new DuplicateTrackError();
      }
      await enqueue({ kind: 'update', key, track: valid });
    },
    async remove(key) {
      if (isPending(key)) return changePending(key, null);
      if (!offline()) return online.remove(key);
      await enqueue({ kind: 'remove', key });
    },
  };
}

/** A refusal that writing again would not change (the music is there already, the entry is gone). */
function settled(error: unknown): boolean {
  return (
    error instanceof DuplicateTrackError ||
    (error instanceof Error && /^There is no track at /.test(error.message))
  );
}

let counter = 0;
const newId = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;
