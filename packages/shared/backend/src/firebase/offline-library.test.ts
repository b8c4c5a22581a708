import { BehaviorSubject, firstValueFrom, NEVER, Subject, switchMap } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { DuplicateTrackError } from '@loofi/contracts';
import type { LibraryPort, StoredTrack, Track } from '@loofi/contracts';
import { createMemoryLibrary } from '../testing';
import { keepLibraryOffline } from './offline-library';
import type { LibraryDisk, QueuedChange } from './offline-library';

const track = (title: string, author = 'The Testers'): Track => ({
  title,
  author,
  audio: `https://example.org/${encodeURIComponent(title)}.mp3`,
  image: '',
});

/** A disk that outlives the pages using it: what a reload finds. */
function memoryDisk(): LibraryDisk & { queue: QueuedChange[]; library: StoredTrack[] | null } {
  let chain = Promise.resolve();
  const disk = {
    queue: [] as QueuedChange[],
    library: null as StoredTrack[] | null,
    readLibrary: async () => disk.library,
    writeLibrary: async (tracks: readonly StoredTrack[]) => {
      disk.library = [...tracks];
    },
    readQueue: async () => [...disk.queue],
    writeQueue: async (changes: readonly QueuedChange[]) => {
      disk.queue = [...changes];
    },
    exclusive<T>(task: () => Promise<T>): Promise<T> {
      const run = chain.then(task);
      chain = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    },
  };
  return disk;
}

/**
 * The database as one page sees it: the same library for every device, heard (like the
 * Realtime Database's web SDK, which keeps nothing) only while connected.
 */
function database(initial: readonly Track[]) {
  const shared = createMemoryLibrary(initial);
  const connected = new BehaviorSubject(false);
  const page: LibraryPort = {
    ...shared,
    tracks$: connected.pipe(switchMap((up) => (up ? shared.tracks$ : NEVER))),
  };
  return { shared, page, connected };
}

const disposals: Subject<void>[] = [];
function open(db: ReturnType<typeof database>, disk: LibraryDisk) {
  const disposed = new Subject<void>();
  disposals.push(disposed);
  return keepLibraryOffline(db.page, db.connected, disk, disposed, { saveDelayMs: 0 });
}
afterEach(() => {
  for (const disposed of disposals.splice(0)) disposed.next();
});

const titles = (tracks: readonly Track[]) => tracks.map((entry) => entry.title);
const until = async (check: () => boolean | Promise<boolean>) => {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('timed out');
};
const latest = (library: LibraryPort) => firstValueFrom(library.tracks$);

/**
 * A page that has visited once online (the database's list kept on disk) and has now lost
 * the connection; with what it showed.
 */
async function visitedThenOffline(
  db: ReturnType<typeof database>,
  disk: ReturnType<typeof memoryDisk>,
) {
  db.connected.next(true);
  const page = open(db, disk);
  const shown = await latest(page);
  await until(() => disk.library?.length === shown.length);
  db.connected.next(false);
  return { page, shown };
}

describe('keepLibraryOffline', () => {
  it('keeps the list the database sent, and shows it on the next visit while offline', async () => {
    const db = database([track('Rain'), track('Snow')]);
    const disk = memoryDisk();
    db.connected.next(true);
    const first = open(db, disk);
    expect(titles(await latest(first))).toEqual(['Rain', 'Snow']);
    await until(() => disk.library?.length === 2);

    db.connected.next(false);
    const reloaded = open(db, disk);
    expect(titles(await latest(reloaded))).toEqual(['Rain', 'Snow']);
  });

  it('queues changes made offline on disk, shows them at once, and writes them in order when the connection returns', async () => {
    const db = database([track('Rain'), track('Snow'), track('Fog')]);
    const disk = memoryDisk();
    const {
      page,
      shown: [rain, snow, fog],
    } = await visitedThenOffline(db, disk);

    await page.add(track('Dawn'));
    await page.update(rain!.key, track('Rain, Side B'));
    await page.remove(fog!.key);
    expect(titles(await latest(page))).toEqual(['Rain, Side B', 'Snow', 'Dawn']);
    expect(disk.queue.map((change) => change.kind)).toEqual(['add', 'update', 'remove']);
    // Nothing reached the database yet.
    expect(titles(await firstValueFrom(db.shared.tracks$))).toEqual(['Rain', 'Snow', 'Fog']);

    // A reload, still offline: the queue is on disk.
    const reloaded = open(db, disk);
    expect(titles(await latest(reloaded))).toEqual(['Rain, Side B', 'Snow', 'Dawn']);

    // Meanwhile another device edits another track: its edit is kept.
    await db.shared.update(snow!.key, track('Snow, Live'));
    db.connected.next(true);
    await until(() => disk.queue.length === 0);
    expect(titles(await firstValueFrom(db.shared.tracks$)).sort()).toEqual(
      ['Dawn', 'Rain, Side B', 'Snow, Live'].sort(),
    );
    expect(titles(await latest(reloaded)).sort()).toEqual(
      ['Dawn', 'Rain, Side B', 'Snow, Live'].sort(),
    );
  });

  it('shows a track added offline once while it is written: the database shows it before it confirms', async () => {
    const db = database([track('Rain')]);
    const disk = memoryDisk();
    const { page } = await visitedThenOffline(db, disk);
    await page.add(track('Dawn'));

    // The database's SDK shows a write at once and confirms it a round trip later.
    let confirm: () => void = () => undefined;
    const confirmed = new Promise<void>((resolve) => (confirm = resolve));
    const addMany = db.page.addMany.bind(db.page);
    db.page.addMany = async (tracks) => {
      const added = await addMany(tracks);
      await confirmed;
      return added;
    };
    db.connected.next(true);
    await until(async () => (await firstValueFrom(db.shared.tracks$)).length === 2);
    expect(titles(await latest(page))).toEqual(['Rain', 'Dawn']);
    confirm();
    await until(() => disk.queue.length === 0);
    expect(titles(await latest(page))).toEqual(['Rain', 'Dawn']);
  });

  it('for one track the last write wins, and music added meanwhile elsewhere is not added twice', async () => {
    const db = database([track('Rain')]);
    const disk = memoryDisk();
    const {
      page,
      shown: [rain],
    } = await visitedThenOffline(db, disk);

    await page.update(rain!.key, track('Rain, offline edit'));
    await page.addMany([track('Dusk'), track('Night')]);
    // Another device, online: edits the same track first, and adds Dusk.
    await db.shared.update(rain!.key, track('Rain, other device'));
    await db.shared.add(track('Dusk'));

    db.connected.next(true);
    await until(() => disk.queue.length === 0);
    expect(titles(await firstValueFrom(db.shared.tracks$)).sort()).toEqual(
      ['Dusk', 'Night', 'Rain, offline edit'].sort(),
    );
  });

  it('a change made while the queue is being written waits behind it, so the newer write wins', async () => {
    const db = database([track('Rain')]);
    const disk = memoryDisk();
    const {
      page,
      shown: [rain],
    } = await visitedThenOffline(db, disk);
    await page.update(rain!.key, track('Rain, older'));

    db.connected.next(true);
    await page.update(rain!.key, track('Rain, newer'));
    await until(() => disk.queue.length === 0);
    expect(titles(await firstValueFrom(db.shared.tracks$))).toEqual(['Rain, newer']);
  });

  it('refuses music already shown as a duplicate while offline, as online', async () => {
    const db = database([track('Rain')]);
    const disk = memoryDisk();
    const { page } = await visitedThenOffline(db, disk);
    await expect(page.add(track('  RAIN '))).rejects.toBeInstanceOf(DuplicateTrackError);
    await page.add(track('Dawn'));
    await expect(page.add(track('dawn'))).rejects.toBeInstanceOf(DuplicateTrackError);
    expect(await page.addMany([track('Rain'), track('Dusk'), track('dusk')])).toBe(1);
  });

  it('an entry added offline is edited or deleted in the queue itself', async () => {
    const db = database([]);
    const disk = memoryDisk();
    const { page } = await visitedThenOffline(db, disk);
    await page.addMany([track('Dawn'), track('Dusk')]);
    const [dawn, dusk] = await latest(page);
    expect(dawn!.key).toMatch(/^pending-/);
    await page.update(dawn!.key, track('Dawn, renamed'));
    await page.remove(dusk!.key);
    expect(titles(await latest(page))).toEqual(['Dawn, renamed']);
    expect(disk.queue).toHaveLength(1);

    db.connected.next(true);
    await until(() => disk.queue.length === 0);
    expect(titles(await firstValueFrom(db.shared.tracks$))).toEqual(['Dawn, renamed']);
  });

  it('online, writes go straight to the database', async () => {
    const db = database([]);
    const disk = memoryDisk();
    db.connected.next(true);
    const page = open(db, disk);
    await page.add(track('Dawn'));
    expect(titles(await firstValueFrom(db.shared.tracks$))).toEqual(['Dawn']);
    expect(disk.queue).toEqual([]);
    await expect(page.add(track('dawn'))).rejects.toBeInstanceOf(DuplicateTrackError);
  });
});
