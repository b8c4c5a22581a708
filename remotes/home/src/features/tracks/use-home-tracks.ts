import { useMemo } from 'react';
import { catchError, combineLatest, map, of, startWith } from 'rxjs';
import type { Observable } from 'rxjs';
import type { RemoteProps } from '@loofi/shared/contracts';
import { useObservable } from '@loofi/shared/ui';
import { selectHomeTracks } from './home-tracks';
import type { HomeTracks, LibraryView } from './home-tracks';

const LOADING: HomeTracks = { status: 'loading' };

/** The track cards of Home, following the player and the library as they change. */
export function useHomeTracks({ player, library }: Pick<RemoteProps, 'player' | 'library'>) {
  const homeTracks$ = useMemo((): Observable<HomeTracks> => {
    const library$ = library.tracks$.pipe(
      map((tracks): LibraryView => ({ status: 'loaded', tracks })),
      // A library that cannot be read still leaves the player's queue to show, and
      // otherwise a message instead of an uncaught error.
      catchError(() => of<LibraryView>({ status: 'failed' })),
      startWith<LibraryView>({ status: 'loading' }),
    );
    return combineLatest([player.state$, library$]).pipe(
      map(([state, view]) => selectHomeTracks(state, view)),
    );
  }, [player, library]);
  return useObservable(homeTracks$, LOADING);
}
