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
 * One of the player's two audio elements and what it holds. The player keeps two for the
 * whole page (not one per track: a phone's browser lets an element it has seen play once
 * play again without a tap), so the next track can be buffered on one while the other
 * plays.
 */
export class Deck {
  track: Track | null = null;
  /** The track's playback gain for 'Normalise volume' (1: as mastered). */
  gain = 1;
  /** The load of this deck's track failed (a broken next track is skipped when due). */
  failed = false;

  constructor(readonly audio: AudioLike) {}

  load(track: Track, preload: 'auto' | 'metadata') {
    this.track = track;
    this.gain = 1;
    this.failed = false;
    this.audio.preload = preload;
    this.audio.src = track.audio;
  }

  /** Forgets the track, and stops the element from buffering any more of it. */
  clear() {
    this.audio.pause();
    this.track = null;
    this.failed = false;
    // Without a source and reloaded, the element stops buffering what it held.
    if (this.audio.removeAttribute && this.audio.load) {
      this.audio.removeAttribute('src');
      this.audio.load();
    }
  }

  get remaining(): number {
    const { duration, currentTime } = this.audio;
    return Number.isFinite(duration) && duration > 0 ? duration - currentTime : Infinity;
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
