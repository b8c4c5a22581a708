import { useMemo } from 'react';
import { map } from 'rxjs';
import type { LibraryPort } from '@loofi/shared/contracts';
import { useObservable } from '@loofi/shared/ui';

/** The number of tracks in the library, live; null until the library has answered. */
export function useTrackCount(library: LibraryPort): number | null {
  const count$ = useMemo(() => library.tracks$.pipe(map((tracks) => tracks.length)), [library]);
  return useObservable<number | null>(count$, null);
}
