import { useMemo } from 'react';
import { map } from 'rxjs';
import type { LibraryPort } from '@loofi/contracts';
import { useObservable } from '@loofi/ui';

/** The number of tracks in the library, live; null until the library has answered. */
export function useTrackCount(library: LibraryPort): number | null {
  const count$ = useMemo(() => library.tracks$.pipe(map((tracks) => tracks.length)), [library]);
  return useObservable<number | null>(count$, null);
}
