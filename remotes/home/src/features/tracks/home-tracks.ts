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
  const fromPlayer = player.queue.length > 0;
  const source = fromPlayer ? player.queue : loadedTracks(library);
  if (source === null) return { status: library.status === 'failed' ? 'failed' : 'loading' };
  // Worked out once per order (the player keeps the same queue while it only plays on).
  const { tracks, audios } = withoutRepeats(source);
  // The up-next list leaves out the current track, which leads it.
  const lead = fromPlayer && player.upNext ? player.current : null;
  const total = tracks.length + (lead && !audios.has(lead.audio) ? 1 : 0);
  if (total === 0) return { status: 'empty' };
  return {
    status: 'ready',
    shown:
      fromPlayer && player.upNext
        ? led(lead, player.upNext, limit)
        : withCurrent(tracks, player.current, limit),
    // While the library is still being read the queue may be only a sample of it: nothing
    // to offer "all" of yet.
    total: library.status === 'loading' ? Math.min(total, limit) : total,
    current: player.current,
    playing: player.playing,
  };
}

/**
 * `lead` (the current track, if any), then the first tracks of `upNext` up to `limit` cards,
 * one per audio: a pass over as many as it shows, however long the list.
 */
function led(lead: Track | null, upNext: readonly Track[], limit: number): Track[] {
  const shown = lead ? [lead] : [];
  const seen = new Set(lead ? [lead.audio] : []);
  for (const track of upNext) {
    if (shown.length >= limit) break;
    if (seen.has(track.audio)) continue;
    seen.add(track.audio);
    shown.push(track);
  }
  return shown;
}

/** The first `limit` tracks, the last card given to `current` when it is further down. */
function withCurrent(tracks: readonly Track[], current: Track | null, limit: number): Track[] {
  const currentIndex = tracks.findIndex((track) => sameTrack(track, current));
  return currentIndex >= limit
    ? [...tracks.slice(0, limit - 1), tracks[currentIndex]!]
    : tracks.slice(0, limit);
}

function loadedTracks(library: LibraryView): readonly Track[] | null {
  return library.status === 'loaded' ? library.tracks : null;
}

interface Distinct {
  tracks: Track[];
  audios: ReadonlySet<string>;
}

/**
 * One card per audio: the same audio twice is the same track to the player. Remembered for
 * the last lists seen: the player reports several times a second with the same list, which a
 * library of 100,000 tracks makes worth it.
 */
const distinct = new WeakMap<readonly Track[], Distinct>();

function withoutRepeats(list: readonly Track[]): Distinct {
  const known = distinct.get(list);
  if (known) return known;
  const audios = new Set<string>();
  const tracks = list.filter((track) => {
    if (audios.has(track.audio)) return false;
    audios.add(track.audio);
    return true;
  });
  const result = { tracks, audios };
  distinct.set(list, result);
  return result;
}
