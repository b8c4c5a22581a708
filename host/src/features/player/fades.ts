import { crossfadeGains } from './decks';
import type { Deck } from './decks';

/** How often a fade's gains are set; fine enough that a step is not heard. */
const FADE_STEP_MS = 50;

/** What the fades tell the transport at each step. */
export interface FadeSteps {
  /** The crossfade has run its length. */
  crossfadeDone(): void;
  /** The sleep timer's fade reached silence. */
  sleepDone(): void;
  /** The gains moved: set the elements' volumes. */
  step(): void;
}

/**
 * The fades over the decks: the crossfade from one track into the next, timed by the
 * incoming track's own clock (a pause holds it), and the sleep timer's fade to silence;
 * stepped every 50 ms while either runs.
 */
export class Fades {
  /** While one track fades into the next: the one fading out, and over how long. */
  crossfade: { outgoing: Deck; seconds: number } | null = null;
  /** The sleep timer's fade to silence: when it started and how long it takes. */
  private sleepFade: { start: number; ms: number } | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly now: () => number,
    /** Where the incoming track is, in seconds. */
    private readonly incomingTime: () => number,
    private readonly steps: FadeSteps,
  ) {}

  startCrossfade(outgoing: Deck, seconds: number) {
    this.crossfade = { outgoing, seconds };
    this.run();
  }

  startSleep(durationMs: number) {
    this.sleepFade = { start: this.now(), ms: Math.max(1, durationMs) };
    this.run();
  }

  /** Ends the sleep timer's fade where it is (the owner plays on). */
  cancelSleep() {
    this.sleepFade = null;
    if (!this.crossfade) this.stop();
  }

  /** The gains now: the crossfade's (null: none) and the sleep fade's factor (1: none). */
  gains(): { fade: { incoming: number; outgoing: number } | null; sleep: number } {
    const fade = this.crossfade ? crossfadeGains(this.crossfadeProgress()) : null;
    if (!this.sleepFade) return { fade, sleep: 1 };
    const progress = (this.now() - this.sleepFade.start) / this.sleepFade.ms;
    return { fade, sleep: crossfadeGains(progress).outgoing };
  }

  /** The sleep timer's fade is under way. */
  get sleeping(): boolean {
    return this.sleepFade !== null;
  }

  stop() {
    if (this.timer === null) return;
    clearInterval(this.timer);
    this.timer = null;
  }

  private crossfadeProgress(): number {
    if (!this.crossfade) return 1;
    return this.incomingTime() / this.crossfade.seconds;
  }

  private run() {
    if (this.timer !== null) return;
    this.timer = setInterval(() => this.onStep(), FADE_STEP_MS);
    this.onStep();
  }

  private onStep() {
    if (this.crossfade && this.crossfadeProgress() >= 1) this.steps.crossfadeDone();
    if (this.sleepFade && this.now() - this.sleepFade.start >= this.sleepFade.ms) {
      this.sleepFade = null;
      this.steps.sleepDone();
    }
    this.steps.step();
    if (!this.crossfade && !this.sleepFade) this.stop();
  }
}
