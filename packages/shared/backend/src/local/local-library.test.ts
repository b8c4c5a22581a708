import 'fake-indexeddb/auto';
import { firstValueFrom, filter, Subject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { Track } from '@loofi/contracts';
import { corruptEntryReport } from '../bounded-log';
import { openLocalDatabase } from './local-database';
import type { LocalDatabase } from './local-database';
import { createLocalLibrary, SAMPLE_FROM, SAMPLE_SIZE } from './local-library';
import type { LocalLibraryOptions } from './local-library';

const track = (index: number): Track => ({
  title: `Track ${index}`,
  author: 'Cat',
  audio: `https://example.org/${index}.mp3`,
  image: '',
});

/** A library on `db` that no other tab talks to, logging nowhere. */
const libraryOn = (db: LocalDatabase, options: Partial<LocalLibraryOptions> = {}) =>
  createLocalLibrary({
    db,
    othersChanged$: new Subject(),
    announce: () => undefined,
    corrupt: corruptEntryReport({ log: async () => undefined }, 'loofi-music'),
    ...options,
  });

/** The database, counting the read-only transactions on the library (its whole reads). */
function countingReads(db: LocalDatabase) {
  const counter = { reads: 0 };
  const counted = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver);
      return (...args: Parameters<LocalDatabase['transaction']>) => {
        if (args[1] === undefined || args[1] === 'readonly') counter.reads += 1;
        return target.transaction(...args);
      };
    },
  });
  return { counted, counter };
}

describe('createLocalLibrary', () => {
  it('reads the library once for an import of many batches, and shows where it ends', async () => {
    const db = await openLocalDatabase('local-library-import', []);
    const { counted, counter } = countingReads(db);
    const library = libraryOn(counted);
    const sizes: number[] = [];
    const held = library.tracks$.subscribe((tracks) => sizes.push(tracks.length));
    await firstValueFrom(library.tracks$.pipe(filter(() => true)));
    const readsAfterFirst = counter.reads;

    const file = Array.from({ length: 5000 }, (_, index) => track(index));
    for (let start = 0; start < file.length; start += 500) {
      expect(await library.addMany(file.slice(start, start + 500))).toBe(500);
    }
    // Shown at most every half second while writes keep coming, and always the last state.
    await vi.waitFor(() => expect(sizes.at(-1)).toBe(5000));
    expect(sizes.length).toBeLessThan(10);
    expect(counter.reads).toBe(readsAfterFirst);
    const shown = await firstValueFrom(library.tracks$);
    expect(shown.map((entry) => Number(entry.key))).toEqual(
      [...shown.map((entry) => Number(entry.key))].sort((a, b) => a - b),
    );
    held.unsubscribe();
    db.close();
  }, 30_000);

  it('hands a subscriber that has just arrived the library as soon as it is read', async () => {
    const db = await openLocalDatabase('local-library-resubscribe', [track(1), track(2)]);
    const library = libraryOn(db, {
      // A burst throttle no test outlives: a list held back by it would never arrive.
      burstIntervalMs: 3_600_000,
    });
    expect(await firstValueFrom(library.tracks$)).toHaveLength(2);
    // The first subscriber has gone; the next one reads the library again, and gets it.
    expect(await firstValueFrom(library.tracks$)).toHaveLength(2);
    db.close();
  });

  it('offers a random sample of a large library before reading it whole, and none of a small one', async () => {
    const many = Array.from({ length: SAMPLE_FROM }, (_, index) => track(index));
    const db = await openLocalDatabase('local-library-sample', many);
    const library = libraryOn(db);
    const sample = await firstValueFrom(library.sample$!);
    expect(sample.length).toBeGreaterThan(0);
    expect(sample.length).toBeLessThanOrEqual(SAMPLE_SIZE);
    expect(new Set(sample.map((entry) => entry.audio)).size).toBe(sample.length);
    for (const entry of sample)
      expect(entry).toEqual({ ...track(Number(entry.key) - 1), key: entry.key });

    // Once the whole library is there, there is nothing to sample.
    const held = library.tracks$.subscribe();
    await firstValueFrom(library.tracks$);
    expect(await firstValueFrom(library.sample$!, { defaultValue: 'none' })).toBe('none');
    held.unsubscribe();

    const small = await openLocalDatabase('local-library-no-sample', [track(1), track(2)]);
    const smallLibrary = libraryOn(small);
    expect(await firstValueFrom(smallLibrary.sample$!, { defaultValue: 'none' })).toBe('none');
    db.close();
    small.close();
  });

  it('reads the library in pages, in key order, holes and unreadable entries set aside', async () => {
    const db = await openLocalDatabase('local-library-pages', []);
    for (let index = 1; index <= 25; index += 1) {
      await db.put('loofi-music', { ...track(index), identity: `i${index}` }, index * 2);
    }
    await db.put('loofi-music', { title: 7 } as never, 31);
    const library = libraryOn(db, {
      readPage: 4,
    });
    const held = library.unreadable$!.subscribe();
    const shown = await firstValueFrom(library.tracks$);
    expect(shown.map((entry) => entry.key)).toEqual(
      Array.from({ length: 25 }, (_, index) => String((index + 1) * 2)),
    );
    expect(shown[3]).toEqual({ ...track(4), key: '8' });
    expect((await firstValueFrom(library.unreadable$!)).map((entry) => entry.key)).toEqual(['31']);
    held.unsubscribe();
    db.close();
  });
});
