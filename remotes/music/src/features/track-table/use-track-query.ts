import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { StoredTrack } from '@loofi/contracts';
import {
  clampPage,
  DEFAULT_ROWS_PER_PAGE,
  filterTracks,
  indexTracks,
  nextSort,
  sortTracks,
} from './track-query';
import type { SortColumn, TrackSort } from './track-query';

/**
 * The table's search, sort and pagination over the whole library. Each step is memoised
 * on its own inputs and only the current page is handed to the rows, so a library of ten
 * thousand tracks stays quick; typing defers the filtering so the box never lags.
 */
export function useTrackQuery(tracks: readonly StoredTrack[]) {
  const [query, setQueryState] = useState('');
  const [sort, setSort] = useState<TrackSort>(null);
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPageState] = useState(DEFAULT_ROWS_PER_PAGE);
  const deferredQuery = useDeferredValue(query);

  const index = useMemo(() => indexTracks(tracks), [tracks]);
  const matches = useMemo(() => filterTracks(index, deferredQuery), [index, deferredQuery]);
  const sorted = useMemo(() => sortTracks(matches, sort), [matches, sort]);
  const currentPage = clampPage(page, sorted.length, rowsPerPage);
  const rows = useMemo(
    () => sorted.slice(currentPage * rowsPerPage, (currentPage + 1) * rowsPerPage),
    [sorted, currentPage, rowsPerPage],
  );
  // The page a track is on, or null where the search leaves it out.
  const pageOf = useCallback(
    (matches: (track: StoredTrack) => boolean) => {
      const index = sorted.findIndex(matches);
      return index === -1 ? null : Math.floor(index / rowsPerPage);
    },
    [sorted, rowsPerPage],
  );

  return {
    query,
    /** The filter lags the box while it works through a large library. */
    filtering: query !== deferredQuery,
    setQuery(next: string) {
      setQueryState(next);
      setPage(0);
    },
    sort,
    sortBy(column: SortColumn) {
      setSort((current) => nextSort(current, column));
      setPage(0);
    },
    page: currentPage,
    setPage,
    rowsPerPage,
    setRowsPerPage(next: number) {
      setRowsPerPageState(next);
      setPage(0);
    },
    total: sorted.length,
    rows,
    pageOf,
  };
}
