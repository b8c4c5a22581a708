import { describe, expect, it } from 'vitest';
import type { StoredTrack } from '@loofi/contracts';
import {
  clampPage,
  displayedRowsLabel,
  filterTracks,
  indexTracks,
  nextSort,
  sortTracks,
} from './track-query';

const track = (key: string, title: string, author: string): StoredTrack => ({
  key,
  title,
  author,
  audio: `https://example.org/${key}.mp3`,
  image: '',
});

const library = [
  track('0', 'Rainy Window', 'Lofi Cat'),
  track('3', 'coffee shop', 'Bean'),
  track('5', 'Track 10', 'Aurora'),
  track('9', 'Track 9', 'aurora'),
];
const titles = (tracks: readonly StoredTrack[]) => tracks.map((entry) => entry.title);

describe('filterTracks', () => {
  const index = indexTracks(library);

  it('matches the title or the author, whatever the case, in stored order', () => {
    expect(titles(filterTracks(index, 'AURORA'))).toEqual(['Track 10', 'Track 9']);
    expect(titles(filterTracks(index, 'coffee'))).toEqual(['coffee shop']);
  });

  it('needs every word, each in the title or the author', () => {
    expect(titles(filterTracks(index, ' window  cat '))).toEqual(['Rainy Window']);
    expect(titles(filterTracks(index, 'window bean'))).toEqual([]);
  });

  it('keeps everything for an empty query', () => {
    expect(filterTracks(index, '   ')).toHaveLength(4);
  });
});

describe('sortTracks', () => {
  it('keeps the stored order without a sort', () => {
    expect(sortTracks(library, null)).toBe(library);
  });

  it('sorts by title, case-insensitively and numbers by value, either way', () => {
    expect(titles(sortTracks(library, { column: 'title', direction: 'asc' }))).toEqual([
      'coffee shop',
      'Rainy Window',
      'Track 9',
      'Track 10',
    ]);
    expect(titles(sortTracks(library, { column: 'title', direction: 'desc' }))).toEqual([
      'Track 10',
      'Track 9',
      'Rainy Window',
      'coffee shop',
    ]);
  });

  it('sorts by author, ties broken by title, and leaves its input alone', () => {
    const copy = [...library];
    expect(titles(sortTracks(library, { column: 'author', direction: 'asc' }))).toEqual([
      'Track 9',
      'Track 10',
      'coffee shop',
      'Rainy Window',
    ]);
    expect(library).toEqual(copy);
  });
});

describe('nextSort', () => {
  it('sorts a new column ascending, then flips it', () => {
    const byTitle = nextSort(null, 'title');
    expect(byTitle).toEqual({ column: 'title', direction: 'asc' });
    expect(nextSort(byTitle, 'title')).toEqual({ column: 'title', direction: 'desc' });
    expect(nextSort(nextSort(byTitle, 'title'), 'author')).toEqual({
      column: 'author',
      direction: 'asc',
    });
  });
});

describe('clampPage', () => {
  it('stays on a page that has rows', () => {
    expect(clampPage(2, 30, 10)).toBe(2);
    expect(clampPage(3, 30, 10)).toBe(2);
    expect(clampPage(5, 0, 10)).toBe(0);
    expect(clampPage(-1, 30, 10)).toBe(0);
  });
});

describe('displayedRowsLabel', () => {
  it("writes the rows shown as MUI's own label does, with en-US thousands", () => {
    const intl = new Intl.NumberFormat('en-US');
    for (const [from, to, count] of [
      [1, 10, 25],
      [0, 0, 0],
      [991, 1000, 1000],
      [9991, 10000, 10000],
      [11, 20, 123456],
      [1234561, 1234567, 1234567],
    ] as const) {
      expect(displayedRowsLabel({ from, to, count })).toBe(
        `${intl.format(from)}–${intl.format(to)} of ${intl.format(count)}`,
      );
    }
  });

  it('says "more than" when the total is not known', () => {
    expect(displayedRowsLabel({ from: 1, to: 1000, count: -1 })).toBe('1–1,000 of more than 1,000');
  });
});

describe('a library of ten thousand tracks', () => {
  const big = Array.from({ length: 10_000 }, (_value, index) =>
    track(String(index), `Track ${String(index).padStart(5, '0')}`, `Artist ${index % 97}`),
  );

  it('is indexed, filtered and sorted well within a frame budget of a keystroke', () => {
    const started = performance.now();
    const index = indexTracks(big);
    const matches = filterTracks(index, 'track 09999');
    const sorted = sortTracks(big, { column: 'title', direction: 'desc' });
    const elapsed = performance.now() - started;
    expect(titles(matches)).toEqual(['Track 09999']);
    expect(sorted[0]!.title).toBe('Track 09999');
    // Generous for slow CI machines; a quadratic slip would take seconds.
    expect(elapsed).toBeLessThan(1000);
  });
});
