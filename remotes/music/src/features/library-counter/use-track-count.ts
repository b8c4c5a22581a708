import { useMemo } from 'react';
import { map } from 'rxjs';
import type { LibraryPort } from '@loofi/contracts';
import { useObservable } from '@loofi/ui';
import { libraryRead$ } from '../../lib/library-read';

/**
 * The number of tracks in the library, live; null until the library has answered, 'failed'
 * when it cannot be read.
 */
export function useTrackCount(library: LibraryPort): number | null | 'failed' {
  const count$ = useMemo(
    () =>
      libraryRead$(library).pipe(
        map((read) =>
          read.status === 'loaded'
            ? read.tracks.length
            : read.status === 'failed'
              ? 'failed'
              : null,
        ),
      ),
    [library],
  );
  return useObservable<number | null | 'failed'>(count$, null);
}
