import { useMemo } from 'react';
import { catchError, map, of } from 'rxjs';
import type { Observable } from 'rxjs';
import type { LibraryPort, StoredTrack } from '@loofi/contracts';
import { useObservable } from '@loofi/ui';

/** The library as the Music tab shows it: its tracks (null until read), or that it failed. */
export type LibraryRead =
  | { status: 'loading' }
  | { status: 'loaded'; tracks: readonly StoredTrack[] }
  | { status: 'failed' };

const LOADING: LibraryRead = { status: 'loading' };

/** `library.tracks$`, with a failure to read it as a state rather than an uncaught error. */
export function libraryRead$(library: LibraryPort): Observable<LibraryRead> {
  return library.tracks$.pipe(
    map((tracks): LibraryRead => ({ status: 'loaded', tracks })),
    catchError(() => of<LibraryRead>({ status: 'failed' })),
  );
}

/** The library, live, for the Music tab and its parts (see `libraryRead$`). */
export function useLibraryRead(library: LibraryPort): LibraryRead {
  const read$ = useMemo(() => libraryRead$(library), [library]);
  return useObservable(read$, LOADING);
}
