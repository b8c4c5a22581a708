import { sameTrack } from '@loofi/contracts';
import type { PlayerState, StoredTrack, Track } from '@loofi/contracts';

/** How many track cards Home shows; the whole library is in the Music tab. */
const HOME_TRACK_LIMIT = 12;

export type HomeTracks =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'empty' }
  | {
      status: 'ready';
      /** At most HOME_TRACK_LIMIT cards, in play order. */
      shown: readonly Track[];
      /** How many tracks there are in all. */
      total: number;
      current: Track | null;
      playing: boolean;
    };

export type LibraryView =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'loaded'; tracks: readonly StoredTrack[] };

/**
 * What Home shows: the current track then the ones that will play next, as the shell's
 * player publishes them (`upNext`; a shell before contract 1.3 gives its queue as it is), or
 * the library while the player has not filled its queue yet. The current track always has
 * a card, even when it is further down the queue than the cards reach, so its pause state is
 * never out of sight.
 */
export function selectHomeTracks(
  player: Pick<PlayerState, 'queue' | 'current' | 'playing' | 'upNext'>,
  library: LibraryView,
  limit = HOME_TRACK_LIMIT,
): HomeTracks {
  const source = player.queue.length > 0 ? playOrder(player) : loadedTracks(library);
  if (source === null) return { status: library.status === 'failed' ? 'failed' : 'loading' };
  const tracks = withoutRepeats(source);
  if (tracks.length === 0) return { status: 'empty' };
  const currentIndex = tracks.findIndex((track) => sameTrack(track, player.current));
  const shown =
    currentIndex >= limit
      ? [...tracks.slice(0, limit - 1), tracks[currentIndex]!]
      : tracks.slice(0, limit);
  return {
    status: 'ready',
    shown,
    // While the library is still being read the queue may be only a sample of it: nothing
    // to offer "all" of yet.
    total: library.status === 'loading' ? shown.length : tracks.length,
    current: player.current,
    playing: player.playing,
  };
}

/** The current track and what plays after it, as the player said (the same list while it holds). */
const orders = new WeakMap<readonly Track[], { current: Track | null; order: Track[] }>();

function playOrder({ queue, current, upNext }: Pick<PlayerState, 'queue' | 'current' | 'upNext'>) {
  if (!upNext) return queue;
  const known = orders.get(upNext);
  if (known && known.current === current) return known.order;
  const order = current ? [current, ...upNext] : [...upNext];
  orders.set(upNext, { current, order });
  return order;
}

function loadedTracks(library: LibraryView): readonly Track[] | null {
  return library.status === 'loaded' ? library.tracks : null;
}

/** One card per audio: the same audio twice is the same track to the player. */
/** The last list seen and its tracks without repeats: the player reports several times a
 * second with the same queue, which a library of 100,000 tracks makes worth remembering. */
const distinct = new WeakMap<readonly Track[], Track[]>();

function withoutRepeats(tracks: readonly Track[]): Track[] {
  const known = distinct.get(tracks);
  if (known) return known;
  const seen = new Set<string>();
  const result = tracks.filter((track) => {
    if (seen.has(track.audio)) return false;
    seen.add(track.audio);
    return true;
  });
  distinct.set(tracks, result);
  return result;
}
