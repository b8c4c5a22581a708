import { describe, expect, it } from 'vitest';
import { createLoudnessStore, LOUDNESS_STORAGE_KEY } from './loudness-store';
import type { LoudnessStorage } from './loudness-store';

/** A Storage in memory, optionally limited to `capacity` characters like a real quota. */
function memoryStorage(capacity = Infinity) {
  const items = new Map<string, string>();
  const storage: LoudnessStorage & { items: Map<string, string> } = {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      if (value.length > capacity) throw new DOMException('full', 'QuotaExceededError');
      items.set(key, value);
    },
  };
  return storage;
}

const AUDIO = 'https://cdn.example/rain.mp3';

describe('createLoudnessStore', () => {
  it('remembers a measurement across sessions, under its one key', () => {
    const storage = memoryStorage();
    createLoudnessStore({ storage }).set('rain\u0000kai', AUDIO, -9.123);
    expect([...storage.items.keys()]).toEqual([LOUDNESS_STORAGE_KEY]);
    const nextSession = createLoudnessStore({ storage });
    expect(nextSession.get('rain\u0000kai', AUDIO)).toBe(-9.12);
    expect(nextSession.get('snow\u0000kai', AUDIO)).toBeUndefined();
  });

  it('forgets a measurement once the track plays other audio', () => {
    const store = createLoudnessStore({ storage: memoryStorage() });
    store.set('rain\u0000kai', AUDIO, -9);
    expect(store.get('rain\u0000kai', 'https://cdn.example/rain-remaster.mp3')).toBeUndefined();
    store.set('rain\u0000kai', 'https://cdn.example/rain-remaster.mp3', -12);
    expect(store.get('rain\u0000kai', 'https://cdn.example/rain-remaster.mp3')).toBe(-12);
  });

  it('drops the oldest measurements past its cap', () => {
    const storage = memoryStorage();
    const store = createLoudnessStore({ storage, maxEntries: 3 });
    for (const name of ['a', 'b', 'c']) store.set(name, AUDIO, -10);
    // Measured again, 'a' is the newest: 'b' is now the oldest.
    store.set('a', AUDIO, -11);
    store.set('d', AUDIO, -12);
    const reread = createLoudnessStore({ storage, maxEntries: 3 });
    expect(['a', 'b', 'c', 'd'].map((name) => reread.get(name, AUDIO))).toEqual([
      -11,
      undefined,
      -10,
      -12,
    ]);
  });

  it.each([
    ['not JSON', '{oops'],
    ['another shape', '{"rain":-9}'],
    ['another version', '{"v":99,"entries":[["rain",-9,"x"]]}'],
    ['null', 'null'],
  ])('reads %s as nothing stored, and overwrites it', (_, text) => {
    const storage = memoryStorage();
    storage.items.set(LOUDNESS_STORAGE_KEY, text);
    const store = createLoudnessStore({ storage });
    expect(store.get('rain', AUDIO)).toBeUndefined();
    store.set('snow', AUDIO, -8);
    expect(createLoudnessStore({ storage }).get('snow', AUDIO)).toBe(-8);
  });

  it('keeps the valid entries of a partly corrupt list', () => {
    const storage = memoryStorage();
    createLoudnessStore({ storage }).set('rain', AUDIO, -9);
    const stored = JSON.parse(storage.items.get(LOUDNESS_STORAGE_KEY)!) as {
      entries: unknown[];
    };
    stored.entries.push(['snow', 'loud', 'x'], null, ['fog', null, 'y']);
    storage.items.set(LOUDNESS_STORAGE_KEY, JSON.stringify(stored));
    const store = createLoudnessStore({ storage });
    expect(store.get('rain', AUDIO)).toBe(-9);
    expect(store.get('snow', AUDIO)).toBeUndefined();
  });

  it('keeps what another tab measured meanwhile', () => {
    const storage = memoryStorage();
    const tab1 = createLoudnessStore({ storage });
    const tab2 = createLoudnessStore({ storage });
    tab1.get('rain', AUDIO);
    tab2.set('snow', AUDIO, -8);
    tab1.set('rain', AUDIO, -9);
    const reread = createLoudnessStore({ storage });
    expect(reread.get('snow', AUDIO)).toBe(-8);
    expect(reread.get('rain', AUDIO)).toBe(-9);
  });

  it('gives up older measurements when storage is full, and keeps them for the session', () => {
    const storage = memoryStorage(400);
    const store = createLoudnessStore({ storage });
    const names = Array.from({ length: 20 }, (_, i) => `track number ${i}`);
    expect(() => names.forEach((name, i) => store.set(name, AUDIO, -10 - i))).not.toThrow();
    expect(names.map((name) => store.get(name, AUDIO))).toEqual(names.map((_, i) => -10 - i));
    const reread = createLoudnessStore({ storage });
    // The newest made it to storage; the oldest were dropped to make room.
    expect(reread.get(names[19]!, AUDIO)).toBe(-29);
    expect(reread.get(names[0]!, AUDIO)).toBeUndefined();
  });

  it('never throws when storage is denied, and keeps measurements in memory', () => {
    const denied: LoudnessStorage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    const store = createLoudnessStore({ storage: denied });
    expect(store.get('rain', AUDIO)).toBeUndefined();
    expect(() => store.set('rain', AUDIO, -9)).not.toThrow();
    expect(store.get('rain', AUDIO)).toBe(-9);
    const memoryOnly = createLoudnessStore({ storage: null });
    memoryOnly.set('rain', AUDIO, -9);
    expect(memoryOnly.get('rain', AUDIO)).toBe(-9);
  });

  it('ignores what is not a measurement', () => {
    const store = createLoudnessStore({ storage: memoryStorage() });
    store.set('rain', AUDIO, Number.NaN);
    expect(store.get('rain', AUDIO)).toBeUndefined();
  });

  it('uses localStorage by default', () => {
    localStorage.removeItem(LOUDNESS_STORAGE_KEY);
    createLoudnessStore().set('rain', AUDIO, -9);
    expect(localStorage.getItem(LOUDNESS_STORAGE_KEY)).toContain('rain');
    localStorage.removeItem(LOUDNESS_STORAGE_KEY);
  });
});
