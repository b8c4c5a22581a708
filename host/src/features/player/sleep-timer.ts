import { BehaviorSubject, distinctUntilChanged, Observable, of, switchMap } from 'rxjs';

/** What the sleep timer asks of the player engine. */
export interface SleepControls {
  /** Fades the music out over `durationMs`, then pauses it (and restores the volume for the next play). */
  fadeOutAndPause(durationMs: number): void;
  /** While on, the current track's end pauses the player instead of handing over to the next. */
  stopAtEndOfTrack(on: boolean): void;
  /** Emits each time the player stopped at a track's end because stopAtEndOfTrack was on. */
  readonly stoppedAtEndOfTrack$: Observable<void>;
}

/** The time a timer of the page (sleep, focus) reads and waits on; tests give it a fake. */
export interface SleepClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(handle: number): void;
}

export type SleepMinutes = 15 | 30 | 45 | 60;

/** What the owner can choose: minutes from now, the end of the current track, or off. */
export type SleepChoice = SleepMinutes | 'end-of-track' | 'off';

/**
 * Whether the sleep timer runs, and until when: `endsAt` is a time of the timer's clock,
 * `minutes` what was chosen (so a menu can mark it).
 */
export type SleepTimerState =
  | { kind: 'off' }
  | { kind: 'timed'; endsAt: number; minutes: SleepMinutes }
  | { kind: 'end-of-track' };

/**
 * The sleep timer of the page's one player. `state$` replays its latest state to a new
 * subscriber; `set` replaces whatever ran before. A timed choice fades the music out and
 * pauses it when it runs out; 'end-of-track' pauses at the end of the current track. Either
 * way it is then off again.
 */
export interface SleepTimer {
  readonly state$: Observable<SleepTimerState>;
  /**
   * The state in words, the sleep timer button's accessible name (see `describeSleepTimer`),
   * kept current as the minutes go down: it emits only when the words change, at most once
   * a minute, so what shows it re-renders no more often.
   */
  readonly name$: Observable<string>;
  set(choice: SleepChoice): void;
}

/** At the end of a timed choice the music fades out over 10 s, then pauses. */
export const SLEEP_FADE_OUT_MS = 10_000;

const MINUTE_MS = 60_000;

// Called as methods of a plain object, the browser's timer functions would lose `window`.
export const browserClock: SleepClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle),
};

export function createSleepTimer(
  controls: SleepControls,
  clock: SleepClock = browserClock,
): SleepTimer {
  const state$ = new BehaviorSubject<SleepTimerState>({ kind: 'off' });
  let timeout: number | null = null;

  const clearTimer = () => {
    if (timeout !== null) clock.clearTimeout(timeout);
    timeout = null;
  };
  const leave = () => {
    clearTimer();
    if (state$.value.kind === 'end-of-track') controls.stopAtEndOfTrack(false);
  };
  // A timer may fire a little early (or, after the device slept, late): it is the clock, not
  // the timer, that says the time is up.
  const waitUntil = (endsAt: number) => {
    timeout = clock.setTimeout(
      () => {
        timeout = null;
        if (clock.now() < endsAt) return waitUntil(endsAt);
        state$.next({ kind: 'off' });
        controls.fadeOutAndPause(SLEEP_FADE_OUT_MS);
      },
      Math.max(0, endsAt - clock.now()),
    );
  };

  // The controls live as long as the timer (the signed-in shell): no subscription outlives both.
  controls.stoppedAtEndOfTrack$.subscribe(() => {
    if (state$.value.kind !== 'end-of-track') return;
    leave();
    state$.next({ kind: 'off' });
  });

  return {
    state$: state$.asObservable(),
    name$: state$.pipe(
      switchMap((state) =>
        state.kind === 'timed'
          ? countdownName(state, clock)
          : of(describeSleepTimer(state, clock.now())),
      ),
      distinctUntilChanged(),
    ),
    set(choice) {
      leave();
      if (choice === 'off') {
        state$.next({ kind: 'off' });
      } else if (choice === 'end-of-track') {
        controls.stopAtEndOfTrack(true);
        state$.next({ kind: 'end-of-track' });
      } else {
        const endsAt = clock.now() + choice * MINUTE_MS;
        waitUntil(endsAt);
        state$.next({ kind: 'timed', endsAt, minutes: choice });
      }
    },
  };
}

/** Whole minutes left, rounded up: 14 from 14 minutes left down to 13 minutes and 1 ms. */
function sleepMinutesLeft(endsAt: number, now: number): number {
  return Math.max(1, Math.ceil((endsAt - now) / MINUTE_MS));
}

/**
 * A running timer's name, again each time the minutes left go down by one. The last minute
 * reads "1 minute left" until the timer stops.
 */
function countdownName(
  state: Extract<SleepTimerState, { kind: 'timed' }>,
  clock: SleepClock,
): Observable<string> {
  return new Observable<string>((subscriber) => {
    let timeout: number | null = null;
    const emit = () => {
      const now = clock.now();
      subscriber.next(describeSleepTimer(state, now));
      const left = state.endsAt - now;
      timeout =
        left > MINUTE_MS
          ? clock.setTimeout(emit, left - (sleepMinutesLeft(state.endsAt, now) - 1) * MINUTE_MS)
          : null;
    };
    emit();
    return () => {
      if (timeout !== null) clock.clearTimeout(timeout);
    };
  });
}

/** The sleep timer button's accessible name: "Sleep timer: 14 minutes left". */
export function describeSleepTimer(state: SleepTimerState, now: number): string {
  switch (state.kind) {
    case 'off':
      return 'Sleep timer';
    case 'end-of-track':
      return 'Sleep timer: end of track';
    case 'timed': {
      const minutes = sleepMinutesLeft(state.endsAt, now);
      return `Sleep timer: ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} left`;
    }
  }
}
