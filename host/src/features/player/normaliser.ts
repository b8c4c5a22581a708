import type { Track } from '@loofi/contracts';
import type { Deck } from './decks';
import { gainToTarget } from './loudness/gain-to-target';

/** What the player asks of a loudness meter: a track's integrated loudness in LUFS, if known. */
export interface LoudnessSource {
  /** `background`: after whatever is asked for a track about to play. */
  loudnessOf(track: Track, options?: { background?: boolean }): Promise<number | null>;
}

/**
 * Tracks added to the library are measured in the background, each downloaded once, when
 * there are at most this many at once: an import of a whole library is measured as its
 * tracks are played instead.
 */
const MEASURE_ADDED_AT_MOST = 50;

/**
 * The playback gain that brings a track measured at `lufs` to the target loudness
 * (−14 LUFS, `TARGET_LUFS`). An element's own volume cannot exceed 1: a quieter track is
 * turned up only on an element routed through Web Audio (`canAmplify`).
 */
export function playbackGain(lufs: number | null, canAmplify: boolean): number {
  if (lufs === null) return 1;
  const gain = gainToTarget(lufs);
  return canAmplify ? gain : Math.min(1, gain);
}

export interface NormaliserDecks {
  /** Whether `deck` holds the current track. */
  isActive(deck: Deck): boolean;
  /** A deck's gain changed. */
  gainsChanged(): void;
}

/**
 * 'Normalise volume': asks the meter for the loudness of the tracks about to play and sets
 * their decks' gains. Off, nothing is downloaded to be measured; on, the current track is
 * measured once it plays, so on a slow network its own data comes first.
 */
export class Normaliser {
  enabled = true;
  /** The deck whose track is measured once it plays. */
  private measureOnPlay: Deck | null = null;
  /** The library's tracks (their audio) as last seen, to tell the ones just added. */
  private known: Set<string> | null = null;

  constructor(
    private readonly loudness: LoudnessSource | undefined,
    private readonly canRoute: boolean,
    private readonly decks: NormaliserDecks,
  ) {}

  /** Asks for a track's loudness; it is used from the next time the track starts. */
  measure(deck: Deck) {
    const { loudness } = this;
    const track = deck.track;
    if (!loudness || !track || !this.enabled) return;
    if (this.decks.isActive(deck) && deck.audio.paused) {
      this.measureOnPlay = deck;
      return;
    }
    // Where it is asked from: a track resumed part-way has not been heard yet there.
    const from = deck.audio.currentTime;
    loudness
      .loudnessOf(track)
      .then((lufs) => {
        // Not once it is heard: a jump in the middle of a track is worse than none.
        const heard = this.decks.isActive(deck) && deck.audio.currentTime > from + 0.5;
        if (deck.track !== track || heard || lufs === null) return;
        // A measured track is readable (its host allows CORS): one quieter than the target
        // moves to the element routed through Web Audio, which can turn it up.
        if (gainToTarget(lufs) > 1 && this.canRoute && !deck.canAmplify) {
          const playing = !deck.audio.paused;
          deck.load(track, this.decks.isActive(deck) ? 'metadata' : 'auto', { routed: true });
          if (playing) deck.audio.play().catch(() => undefined);
        }
        deck.gain = playbackGain(lufs, deck.canAmplify);
        this.decks.gainsChanged();
      })
      .catch(() => undefined);
  }

  /** The current track started playing: measured now if it waited for that. */
  played(deck: Deck) {
    if (this.measureOnPlay !== deck) return;
    this.measureOnPlay = null;
    this.measure(deck);
  }

  /**
   * Measures tracks when they are added, not only when first played. The library's tracks
   * are told apart by their audio, the meter's key: cheap enough for a library of 100,000
   * read again after every batch of an import.
   */
  measureAdded(tracks: readonly Track[], saveData: boolean) {
    const { loudness } = this;
    const audios = new Set(tracks.map((track) => track.audio));
    const before = this.known;
    this.known = audios;
    if (!loudness || !before || audios.size - before.size > MEASURE_ADDED_AT_MOST) return;
    if (!this.enabled || saveData) return;
    const added = tracks.filter((track) => !before.has(track.audio));
    if (added.length === 0 || added.length > MEASURE_ADDED_AT_MOST) return;
    for (const track of added) loudness.loudnessOf(track, { background: true }).catch(() => null);
  }
}
