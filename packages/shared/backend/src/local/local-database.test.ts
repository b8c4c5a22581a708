import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it, vi } from 'vitest';
import { IDENTITY_INDEX, openLocalDatabase } from './local-database';

const track = (title: string) => ({
  title,
  author: 'Cat',
  audio: `https://example.org/${title}.mp3`,
  image: '',
});

describe('openLocalDatabase', () => {
  it('gives a version-1 library its identities, keeping duplicates and corrupt entries', async () => {
    const name = 'loofi-upgrade-test';
    const v1 = await openDB(name, 1, {
      upgrade(db) {
        db.createObjectStore('loofi-music', { autoIncrement: true });
        db.createObjectStore('loofi-dashboard');
        db.createObjectStore('logs', { autoIncrement: true });
      },
    });
    await v1.add('loofi-music', track('Rain'));
    await v1.add('loofi-music', track('rain '));
    await v1.add('loofi-music', 'not a track');
    await v1.add('loofi-music', track('Snow'));
    v1.close();

    const db = await openLocalDatabase(name, []);
    expect(await db.count('loofi-music')).toBe(4);
    const index = db.transaction('loofi-music').store.index(IDENTITY_INDEX);
    expect(await index.count()).toBe(2);
    expect(await index.getKey('rain\u0000cat')).toBe(1);
    expect(await index.getKey('snow\u0000cat')).toBe(4);
    db.close();
  });
});

describe('openLocalDatabase seeding', () => {
  it('asks for the seed only when it creates the library, and creates nothing without it', async () => {
    const seed = vi.fn(async () => [track('Demo')]);
    const first = await openLocalDatabase('loofi-seed-test', seed);
    expect(await first.count('loofi-music')).toBe(1);
    first.close();
    const again = await openLocalDatabase('loofi-seed-test', seed);
    expect(seed).toHaveBeenCalledTimes(1);
    again.close();

    // Offline on a first visit: no database is left behind, so the next try seeds it.
    await expect(
      openLocalDatabase('loofi-seed-offline', () => Promise.reject(new Error('chunk failed'))),
    ).rejects.toThrow('chunk failed');
    const retried = await openLocalDatabase('loofi-seed-offline', seed);
    expect(await retried.count('loofi-music')).toBe(1);
    retried.close();
  });
});
