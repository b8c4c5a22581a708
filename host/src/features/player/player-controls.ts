import { Subject } from 'rxjs';
import type { PlayerEngine } from './player-engine';
import type { SleepControls } from './sleep-timer';

/**
 * The sleep timer's hold on the player: whichever engine runs now (the shell starts one per
 * mount, and React's development mode mounts twice), so the timer outlives each of them.
 */
export class PlayerControls implements SleepControls {
  private engine: PlayerEngine | null = null;
  private stopAtEnd = false;
  private readonly stopped = new Subject<void>();
  readonly stoppedAtEndOfTrack$ = this.stopped.asObservable();
  private readonly fading = new Subject<number>();
  /** Each sleep fade's length as it starts: what else plays (the ambience) fades with the music. */
  readonly sleepFades$ = this.fading.asObservable();

  fadeOutAndPause(durationMs: number) {
    this.engine?.fadeOutAndPause(durationMs);
    this.fading.next(durationMs);
  }

  stopAtEndOfTrack(on: boolean) {
    this.stopAtEnd = on;
    this.engine?.stopAtEndOfTrack(on);
  }

  attach(engine: PlayerEngine): () => void {
    this.engine = engine;
    engine.stopAtEndOfTrack(this.stopAtEnd);
    const forwarding = engine.stoppedAtEndOfTrack$.subscribe(() => this.stopped.next());
    return () => {
      forwarding.unsubscribe();
      if (this.engine === engine) this.engine = null;
    };
  }
}
