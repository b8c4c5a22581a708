import { useMemo } from 'react';
import { catchError, combineLatest, map, of, startWith } from 'rxjs';
import type { Observable } from 'rxjs';
import type { RemoteProps } from '@loofi/contracts';
import { playbackOf } from '@loofi/contracts/player';
import { useObservable } from '@loofi/ui';
import { selectHomeTracks } from './home-tracks';
import type { HomeTracks, LibraryView } from './home-tracks';

const LOADING: HomeTracks = { status: 'loading' };

/**
 * Home's cards as a stream: they follow the queue, the current track and whether it plays,
 * the library while there is no queue yet, and nothing else — the bus reports the position
 * several times a second, which must not re-render every card.
 */
export function homeTracks$({
  player,
  library,
}: Pick<RemoteProps, 'player' | 'library'>): Observable<HomeTracks> {
  const library$ = library.tracks$.pipe(
    map((tracks): LibraryView => ({ status: 'loaded', tracks })),
    // A library that cannot be read still leaves the player's queue to show, and
    // otherwise a message instead of an uncaught error.
    catchError(() => of<LibraryView>({ status: 'failed' })),
    startWith<LibraryView>({ status: 'loading' }),
  );
  return combineLatest([playbackOf(player), library$]).pipe(
    map(([state, view]) => selectHomeTracks(state, view)),
  );
}

/** The track cards of Home, following the player and the library as they change. */
export function useHomeTracks({ player, library }: Pick<RemoteProps, 'player' | 'library'>) {
  const cards$ = useMemo(() => homeTracks$({ player, library }), [player, library]);
  return useObservable(cards$, LOADING);
}
