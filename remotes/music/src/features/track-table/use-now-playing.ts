import { useMemo } from 'react';
import { distinctUntilChanged, map } from 'rxjs';
import type { PlayerBus } from '@loofi/contracts';
import { playbackOf } from '@loofi/contracts/player';
import { useObservable } from '@loofi/ui';

export interface NowPlaying {
  /** The audio address of the player's current track; tracks are the same by audio. */
  audio: string | null;
  playing: boolean;
}

const NOTHING: NowPlaying = { audio: null, playing: false };

/**
 * The current track and whether it plays, and nothing else: the bus reports the position
 * several times a second, which must not re-render the table.
 */
export function useNowPlaying(player: PlayerBus): NowPlaying {
  const nowPlaying$ = useMemo(
    () =>
      playbackOf(player).pipe(
        map((state): NowPlaying => ({
          audio: state.current?.audio ?? null,
          playing: state.playing,
        })),
        distinctUntilChanged((a, b) => a.audio === b.audio && a.playing === b.playing),
      ),
    [player],
  );
  return useObservable(nowPlaying$, NOTHING);
}
