import { describe, expect, it } from 'vitest';
import type { StoredTrack, Track } from '@loofi/contracts';
import {
  completeQueue,
  entryKey,
  indexOf,
  mergeQueue,
  neighbour,
  sameEntry,
  shuffle,
  upcoming,
} from './queue-order';

const track = (name: string): Track => ({
  title: name,
  author: 'A',
  audio: `https://x.example/${name}.wav`,
  image: '',
});
const stored = (entry: Track): StoredTrack => ({ ...entry, key: entry.title });
const [a, b, c, d] = ['a', 'b', 'c', 'd'].map(track) as [Track, Track, Track, Track];

/** A seeded generator, so a failing case can be replayed. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

describe('shuffle', () => {
  it('keeps every item exactly once', () => {
    expect(
      shuffle([a, b, c, d])
        .map((t) => t.title)
        .sort(),
    ).toEqual(['a', 'b', 'c', 'd']);
  });

  it('puts every item in every place about equally often (no bias)', () => {
    const random = seeded(42);
    const runs = 24_000;
    const counts = Array.from({ length: 4 }, () => [0, 0, 0, 0]);
    for (let run = 0; run < runs; run += 1) {
      shuffle([0, 1, 2, 3], random).forEach((item, place) => {
        const row = counts[item]!;
        row[place] = (row[place] ?? 0) + 1;
      });
    }
    // Each of the 16 cells expects runs / 4 = 6000; a chi-square with 9 degrees of
    // freedom stays under 27.9 at p = 0.001 for a fair shuffle, and a biased one (e.g.
    // swapping with any index) lands far above it.
    const expected = runs / 4;
    const chiSquare = counts
      .flat()
      .reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeLessThan(27.9);
  });
});

describe('completeQueue', () => {
  it('keeps the sample at the head, drops what left, and shuffles every other track after it', () => {
    const e = track('e');
    const queue = completeQueue([c, e, a], [a, b, c, d, d], seeded(7));
    expect(queue.slice(0, 2)).toEqual([c, a]);
    expect(
      queue
        .slice(2)
        .map((t) => t.title)
        .sort(),
    ).toEqual(['b', 'd']);
  });

  it('puts every track after the sample equally often in each place', () => {
    const places = new Map<string, number[]>();
    const random = seeded(11);
    for (let run = 0; run < 3000; run += 1) {
      completeQueue([a], [a, b, c, d], random).forEach((t, place) => {
        const counts = places.get(t.title) ?? [0, 0, 0, 0];
        counts[place]! += 1;
        places.set(t.title, counts);
      });
    }
    expect(places.get('a')).toEqual([3000, 0, 0, 0]);
    for (const name of ['b', 'c', 'd']) {
      for (const count of places.get(name)!.slice(1)) expect(count).toBeGreaterThan(850);
    }
  });
});

describe('mergeQueue', () => {
  it('slots 100,000 new tracks in, keeping the order of those already queued', () => {
    const kept = Array.from({ length: 1000 }, (_, index) => stored(track(`kept ${index}`)));
    const added = Array.from({ length: 100_000 }, (_, index) => stored(track(`new ${index}`)));
    const queue = mergeQueue(kept, [...kept, ...added], seeded(7));
    expect(queue).toHaveLength(101_000);
    expect(queue.filter((entry) => entry.title.startsWith('kept'))).toEqual(kept);
    expect(new Set(queue.map((entry) => entry.audio)).size).toBe(101_000);
    // The new tracks are spread through the queue, not appended at its end.
    expect(queue.slice(0, 1000).some((entry) => entry.title.startsWith('new'))).toBe(true);
  });

  it('shuffles the first load', () => {
    const queue = mergeQueue(null, [a, b, c, d], seeded(1));
    expect(queue).toHaveLength(4);
    expect(new Set(queue)).toEqual(new Set([a, b, c, d]));
  });

  it('keeps the places of the tracks that stay, drops removed ones and slots new ones in', () => {
    const queue = mergeQueue([c, a, b], [a, b, d], seeded(3));
    expect(queue.filter((t) => t !== d)).toEqual([a, b]);
    expect(queue).toContain(d);
    expect(queue).not.toContain(c);
  });

  it('takes the edited version of a track that stays, known by its library key', () => {
    const [keyedA, keyedB] = [stored(a), stored(b)];
    const edited = { ...keyedB, title: 'b, edited', audio: 'https://x.example/b2.wav' };
    expect(mergeQueue([keyedA, keyedB], [keyedA, edited], seeded(1))).toEqual([keyedA, edited]);
  });
});

describe('neighbour', () => {
  it('wraps around in both directions', () => {
    expect(neighbour([a, b, c], c, 1)).toBe(a);
    expect(neighbour([a, b, c], a, -1)).toBe(c);
    expect(neighbour([a, b, c], b, 1)).toBe(c);
  });

  it('starts at the first track without a current one', () => {
    expect(neighbour([a, b], null, 1)).toBe(a);
  });

  it('never gives the current track again', () => {
    expect(neighbour([a], a, 1)).toBeNull();
    expect(neighbour([], a, 1)).toBeNull();
  });
});

describe('upcoming', () => {
  it('gives the tracks after the current one, wrapping around, or the whole queue', () => {
    expect(upcoming([a, b, c, d], c)).toEqual([d, a, b]);
    expect(upcoming([a, b, c], null)).toEqual([a, b, c]);
    expect(upcoming([a, b], d)).toEqual([a, b]);
  });
});

describe('entryKey and sameEntry', () => {
  it('tells apart two library entries of one audio address, and finds a plain track by its music', () => {
    const first = { ...a, key: '1' };
    const second = { ...a, title: 'a again', key: '2' };
    expect(entryKey(first)).not.toBe(entryKey(second));
    expect(sameEntry(first, second)).toBe(false);
    expect(sameEntry(first, { ...a })).toBe(true);
    expect(sameEntry({ ...second }, { ...a })).toBe(false);
    expect(sameEntry(first, null)).toBe(false);
  });
});

describe('indexOf', () => {
  const keyed = (entry: Track, key: string) => ({ ...entry, key });

  it('finds an entry by its key, by its very text, or as the same music', () => {
    expect(indexOf([a, keyed(b, '2'), c], keyed(b, '2'))).toBe(1);
    expect(indexOf([a, b, c], { ...c, audio: 'elsewhere' })).toBe(2);
    expect(indexOf([a, b, { ...c, title: 'C\u200B' }], { ...c, title: ' c ' })).toBe(2);
    expect(indexOf([a, b], null)).toBe(-1);
  });

  it('matches a track no longer in the library as sameEntry does, whatever the entries carry', () => {
    const entries = [
      keyed(a, '1'),
      { ...b, title: 'B' },
      keyed({ ...c, title: 'C ' }, '3'),
      { ...d, title: 'd\u00AD' },
      keyed(a, '5'),
    ];
    const wanted = [
      keyed(a, 'gone'),
      { ...a },
      keyed({ ...b, title: ' b' }, 'gone'),
      { ...c, title: 'c' },
      keyed(d, 'gone'),
      keyed(track('e'), 'gone'),
      track('e'),
    ];
    for (const each of wanted) {
      expect(indexOf(entries, each)).toBe(entries.findIndex((entry) => sameEntry(entry, each)));
    }
  });
});
