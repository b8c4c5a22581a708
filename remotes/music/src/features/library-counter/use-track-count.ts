import { useEffect, useState } from 'react';
import type { LibraryPort } from '@loofi/shared/contracts';

/** The number of tracks in the library, live; null until the library has answered. */
export function useTrackCount(library: LibraryPort): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    const subscription = library.tracks$.subscribe((tracks) => setCount(tracks.length));
    return () => subscription.unsubscribe();
  }, [library]);
  return count;
}
