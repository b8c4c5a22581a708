import type { Track } from '@loofi/contracts';

/** The part of an HTMLAudioElement the player uses; tests give it a fake. */
export interface AudioLike extends EventTarget {
  src: string;
  currentTime: number;
  readonly duration: number;
  readonly paused: boolean;
  volume: number;
  muted: boolean;
  preload: string;
  play(): Promise<void>;
  pause(): void;
  removeAttribute?(name: string): void;
  load?(): void;
}

/**
 * An audio element routed through Web Audio, whose gain may exceed 1: for a quiet track
 * that 'Normalise volume' must turn up. Its element asks for CORS, so only a track whose
 * host allows reading it (the meter could measure it) is ever put on it: through Web Audio
 * any other track would play silent.
 */
export interface RoutedAudio {
  readonly audio: AudioLike;
  setGain(gain: number): void;
}

const clampVolume = (volume: number) => Math.min(1, Math.max(0, volume));

/**
 * One of the player's two decks and what it holds. The player keeps them for the whole page
 * (not an element per track: a phone's browser lets an element it has seen play once play
 * again without a tap), so the next track can be buffered on one while the other plays.
 * Each deck has a plain element and, where the browser has Web Audio, a routed one for
 * tracks that must play louder than they were mastered.
 */
export class Deck {
  track: Track | null = null;
  /** The track's playback gain for 'Normalise volume' (1: as mastered). */
  gain = 1;
  /** The load of this deck's track failed (a broken next track is skipped when due). */
  failed = false;
  private routedNow = false;

  constructor(
    readonly plain: AudioLike,
    private readonly routed: RoutedAudio | null = null,
  ) {}

  /** The element holding this deck's track. */
  get audio(): AudioLike {
    return this.routedNow && this.routed ? this.routed.audio : this.plain;
  }

  get elements(): AudioLike[] {
    return this.routed ? [this.plain, this.routed.audio] : [this.plain];
  }

  /** Whether a gain above 1 can be played: the track is on the routed element. */
  get canAmplify(): boolean {
    return this.routedNow && this.routed !== null;
  }

  /** Puts `track` on the plain element, or on the routed one when asked and there is one. */
  load(track: Track, preload: 'auto' | 'metadata', { routed = false } = {}) {
    const other = this.audio;
    this.routedNow = routed && this.routed !== null;
    if (other !== this.audio) release(other);
    this.track = track;
    this.gain = 1;
    this.failed = false;
    this.audio.preload = preload;
    this.audio.src = track.audio;
  }

  setVolume(volume: number) {
    if (this.canAmplify) {
      this.audio.volume = 1;
      this.routed!.setGain(Math.max(0, volume));
    } else {
      this.audio.volume = clampVolume(volume);
    }
  }

  set muted(muted: boolean) {
    for (const element of this.elements) element.muted = muted;
  }

  /** Forgets the track, and stops the element from buffering any more of it. */
  clear() {
    release(this.audio);
    this.track = null;
    this.failed = false;
  }

  get remaining(): number {
    const { duration, currentTime } = this.audio;
    return Number.isFinite(duration) && duration > 0 ? duration - currentTime : Infinity;
  }
}

function release(audio: AudioLike) {
  audio.pause();
  // Without a source and reloaded, the element stops buffering what it held.
  if (audio.removeAttribute && audio.load) {
    audio.removeAttribute('src');
    audio.load();
  }
}

/**
 * Equal-power crossfade: at progress `p` (0 → 1) the outgoing track's gain is cos(pπ/2) and
 * the incoming one's sin(pπ/2), so the sum of their squares (the power heard) stays 1.
 */
export function crossfadeGains(progress: number): { outgoing: number; incoming: number } {
  const p = Math.min(1, Math.max(0, progress));
  return { outgoing: Math.cos((p * Math.PI) / 2), incoming: Math.sin((p * Math.PI) / 2) };
}

/** What a deck's element says, as the transport hears it. */
export interface DeckListeners {
  /** The current track's element (the others: only their end and failure count). */
  playing(): void;
  play(): void;
  pause(): void;
  timeUpdate(): void;
  metadata(): void;
  /** The current track ended. */
  ended(): void;
  /** The current track's load failed. */
  error(): void;
  /** A track fading or playing out its last moments ended. */
  outgoingEnded(): void;
  /** The next track, buffering, failed. */
  standbyError(): void;
}

/** Listens to one of a deck's elements, whose events count while it holds the deck's track. */
export function listenToDeck(
  deck: Deck,
  audio: AudioLike,
  isActive: () => boolean,
  on: DeckListeners,
): () => void {
  const held = (handler: () => void) => () => {
    if (audio === deck.audio) handler();
  };
  const onActive = (handler: () => void) =>
    held(() => {
      if (isActive()) handler();
    });
  const listeners: [string, () => void][] = [
    ['playing', onActive(() => on.playing())],
    ['play', onActive(() => on.play())],
    ['pause', onActive(() => on.pause())],
    ['timeupdate', onActive(() => on.timeUpdate())],
    ['loadedmetadata', onActive(() => on.metadata())],
    ['durationchange', onActive(() => on.metadata())],
    ['ended', held(() => (isActive() ? on.ended() : on.outgoingEnded()))],
    [
      'error',
      held(() => {
        deck.failed = true;
        if (isActive()) on.error();
        else on.standbyError();
      }),
    ],
  ];
  for (const [type, listener] of listeners) audio.addEventListener(type, listener);
  return () => {
    for (const [type, listener] of listeners) audio.removeEventListener(type, listener);
  };
}
