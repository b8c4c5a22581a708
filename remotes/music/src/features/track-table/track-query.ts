import type { StoredTrack } from '@loofi/contracts';

export type SortColumn = 'title' | 'author';
export type SortDirection = 'asc' | 'desc';

/** How the table is sorted; null keeps the library's stored order. */
export type TrackSort = { column: SortColumn; direction: SortDirection } | null;

export const ROWS_PER_PAGE_OPTIONS = [10, 25, 50, 100] as const;
export const DEFAULT_ROWS_PER_PAGE = 10;

/** A whole number with a comma between each group of three digits, as en-US writes 10,000. */
function withThousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * The pagination's '1–10 of 10,000', as MUI's own label writes it, without the
 * `Intl.NumberFormat` that label makes on first use: a page's first Intl object loads the
 * locale's data, which cost the tab's first render about 5 ms (four times that on a phone).
 */
export function displayedRowsLabel({
  from,
  to,
  count,
}: {
  from: number;
  to: number;
  count: number;
}): string {
  const total = count === -1 ? `more than ${withThousands(to)}` : withThousands(count);
  return `${withThousands(from)}–${withThousands(to)} of ${total}`;
}

/** A track with its lower-cased text, worked out once per library change, not per keystroke. */
export interface IndexedTrack {
  track: StoredTrack;
  haystack: string;
}

/**
 * Each track's entry, kept while the track object lives: the library hands out the same
 * objects for unchanged tracks, so a list that grew by a batch (an import) costs only the
 * new tracks, not the whole library again.
 */
const indexed = new WeakMap<StoredTrack, IndexedTrack>();

export function indexTracks(tracks: readonly StoredTrack[]): IndexedTrack[] {
  return tracks.map((track) => {
    let entry = indexed.get(track);
    if (!entry) {
      // A newline cannot be part of a search term, so no term matches across the two fields.
      entry = { track, haystack: `${track.title}\n${track.author}`.toLowerCase() };
      indexed.set(track, entry);
    }
    return entry;
  });
}

/** The tracks whose title or author contain every word of the query, in stored order. */
export function filterTracks(index: readonly IndexedTrack[], query: string): StoredTrack[] {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return index.map((entry) => entry.track);
  const matches: StoredTrack[] = [];
  for (const entry of index) {
    if (terms.every((term) => entry.haystack.includes(term))) matches.push(entry.track);
  }
  return matches;
}

/**
 * Made on the first sort, not when the tab's code is evaluated: a page's first Intl object
 * loads the locale's data (7–8 ms of the tab's first appearance in a profile), and the
 * table opens in the library's own order.
 */
let collator: Intl.Collator | null = null;

/** Sorted by one column, ties broken by the other; a new array, the input is kept. */
export function sortTracks(
  tracks: readonly StoredTrack[],
  sort: TrackSort,
): readonly StoredTrack[] {
  if (!sort) return tracks;
  const other: SortColumn = sort.column === 'title' ? 'author' : 'title';
  const sign = sort.direction === 'asc' ? 1 : -1;
  const compare = (collator ??= new Intl.Collator(undefined, {
    sensitivity: 'base',
    numeric: true,
  })).compare;
  return [...tracks].sort(
    (a, b) => sign * (compare(a[sort.column], b[sort.column]) || compare(a[other], b[other])),
  );
}

/** Clicking a column sorts by it ascending; clicking it again flips the direction. */
export function nextSort(current: TrackSort, column: SortColumn): TrackSort {
  if (current?.column !== column) return { column, direction: 'asc' };
  return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

/** The last page that has rows, so deleting the last row of the last page steps back. */
export function clampPage(page: number, total: number, rowsPerPage: number): number {
  const lastPage = Math.max(0, Math.ceil(total / rowsPerPage) - 1);
  return Math.min(Math.max(0, page), lastPage);
}
