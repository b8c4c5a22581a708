import { useMemo } from 'react';
import { catchError, map, of } from 'rxjs';
import type { LibraryPort } from '@loofi/contracts';
import { useObservable } from '@loofi/ui';

/**
 * The number of tracks in the library, live; null until the library has answered, 'failed'
 * when it cannot be read.
 */
export function useTrackCount(library: LibraryPort): number | null | 'failed' {
  const count$ = useMemo(
    () =>
      library.tracks$.pipe(
        map((tracks): number | 'failed' => tracks.length),
        catchError(() => of('failed' as const)),
      ),
    [library],
  );
  return useObservable<number | null | 'failed'>(count$, null);
}
