import { useMemo } from 'react';
import { distinctUntilChanged, map } from 'rxjs';
import type { PlayerBus, StoredTrack } from '@loofi/contracts';
import { playbackOf } from '@loofi/contracts/player';
import { useObservable } from '@loofi/ui';

export interface NowPlaying {
  /** The audio address of the player's current track. */
  audio: string | null;
  /** Its entry's library key; null under a shell before contract 1.4, which does not say. */
  key: string | null;
  playing: boolean;
}

const NOTHING: NowPlaying = { audio: null, key: null, playing: false };

/** Whether `track` is the entry playing: by its key, or by its audio under an older shell. */
export const isNowPlaying = (track: StoredTrack, now: NowPlaying) =>
  now.key !== null ? track.key === now.key : track.audio === now.audio;

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
          key: state.currentKey ?? null,
          playing: state.playing,
        })),
        distinctUntilChanged(
          (a, b) => a.audio === b.audio && a.key === b.key && a.playing === b.playing,
        ),
      ),
    [player],
  );
  return useObservable(nowPlaying$, NOTHING);
}
