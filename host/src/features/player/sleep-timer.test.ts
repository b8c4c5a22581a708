import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { SleepClock, SleepControls, SleepTimerState } from './sleep-timer';
import { createSleepTimer, describeSleepTimer } from './sleep-timer';

const MINUTE = 60_000;

/** A clock that moves only when told to, firing what falls due on the way. */
function manualClock(start = 1_000_000) {
  let now = start;
  let nextHandle = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const clock: SleepClock = {
    now: () => now,
    setTimeout(callback, ms) {
      const handle = nextHandle++;
      timers.set(handle, { at: now + ms, callback });
      return handle;
    },
    clearTimeout: (handle) => void timers.delete(handle),
  };
  function advance(ms: number) {
    const until = now + ms;
    for (;;) {
      const due = [...timers].filter(([, timer]) => timer.at <= until);
      if (due.length === 0) break;
      const [handle, timer] = due.reduce((a, b) => (b[1].at < a[1].at ? b : a));
      timers.delete(handle);
      now = timer.at;
      timer.callback();
    }
    now = until;
  }
  return { clock, advance, pending: () => timers.size };
}

function fakeControls() {
  const stopped$ = new Subject<void>();
  const calls: string[] = [];
  const controls: SleepControls = {
    fadeOutAndPause: (durationMs) => void calls.push(`fadeOutAndPause(${durationMs})`),
    stopAtEndOfTrack: (on) => void calls.push(`stopAtEndOfTrack(${on})`),
    stoppedAtEndOfTrack$: stopped$,
  };
  return { controls, calls, trackEnded: () => stopped$.next() };
}

function setUp() {
  const { clock, advance, pending } = manualClock();
  const { controls, calls, trackEnded } = fakeControls();
  const timer = createSleepTimer(controls, clock);
  let state: SleepTimerState | undefined;
  timer.state$.subscribe((next) => (state = next));
  return { timer, clock, advance, pending, calls, trackEnded, state: () => state };
}

describe('createSleepTimer', () => {
  it('starts off, and replays its state to a late subscriber', () => {
    const { timer, clock } = setUp();
    timer.set(30);
    let late: SleepTimerState | undefined;
    timer.state$.subscribe((next) => (late = next)).unsubscribe();
    expect(late).toEqual({ kind: 'timed', endsAt: clock.now() + 30 * MINUTE, minutes: 30 });
  });

  it('when a timed choice runs out, fades the music out over 10 s and is off again', () => {
    const { timer, advance, calls, state } = setUp();
    expect(state()).toEqual({ kind: 'off' });
    timer.set(15);
    advance(15 * MINUTE - 1);
    expect(calls).toEqual([]);
    expect(state()?.kind).toBe('timed');
    advance(1);
    expect(calls).toEqual(['fadeOutAndPause(10000)']);
    expect(state()).toEqual({ kind: 'off' });
    advance(60 * MINUTE);
    expect(calls).toEqual(['fadeOutAndPause(10000)']);
  });

  it('a new choice replaces the running one; Off cancels it', () => {
    const { timer, advance, calls, pending, state } = setUp();
    timer.set(60);
    advance(10 * MINUTE);
    timer.set(15);
    advance(14 * MINUTE);
    expect(calls).toEqual([]);
    advance(MINUTE);
    expect(calls).toEqual(['fadeOutAndPause(10000)']);

    timer.set(45);
    timer.set('off');
    expect(state()).toEqual({ kind: 'off' });
    expect(pending()).toBe(0);
    advance(60 * MINUTE);
    expect(calls).toEqual(['fadeOutAndPause(10000)']);
  });

  it('waits on the clock, not on a timer that fires early', () => {
    let now = 0;
    const due: (() => void)[] = [];
    const { controls, calls } = fakeControls();
    const timer = createSleepTimer(controls, {
      now: () => now,
      setTimeout: (callback) => due.push(callback),
      clearTimeout: () => undefined,
    });
    timer.set(15);
    now = 15 * MINUTE - 500;
    due.shift()?.();
    expect(calls).toEqual([]);
    now = 15 * MINUTE;
    due.shift()?.();
    expect(calls).toEqual(['fadeOutAndPause(10000)']);
  });

  it('End of track asks the player to stop at the track’s end, and is off once it has', () => {
    const { timer, calls, trackEnded, state } = setUp();
    timer.set('end-of-track');
    expect(calls).toEqual(['stopAtEndOfTrack(true)']);
    expect(state()).toEqual({ kind: 'end-of-track' });
    trackEnded();
    expect(state()).toEqual({ kind: 'off' });
    expect(calls).toEqual(['stopAtEndOfTrack(true)', 'stopAtEndOfTrack(false)']);
  });

  it('leaving End of track for another choice lets tracks hand over again', () => {
    const { timer, calls, trackEnded, state } = setUp();
    timer.set('end-of-track');
    timer.set(30);
    expect(calls).toEqual(['stopAtEndOfTrack(true)', 'stopAtEndOfTrack(false)']);
    trackEnded();
    expect(state()?.kind).toBe('timed');
    timer.set('end-of-track');
    timer.set('off');
    expect(calls.slice(2)).toEqual(['stopAtEndOfTrack(true)', 'stopAtEndOfTrack(false)']);
    expect(state()).toEqual({ kind: 'off' });
  });
});

describe('describeSleepTimer', () => {
  const now = 5_000_000;
  const timed = (left: number): SleepTimerState => ({
    kind: 'timed',
    endsAt: now + left,
    minutes: 15,
  });

  it('names the button by what runs, minutes left rounded up', () => {
    expect(describeSleepTimer({ kind: 'off' }, now)).toBe('Sleep timer');
    expect(describeSleepTimer({ kind: 'end-of-track' }, now)).toBe('Sleep timer: end of track');
    expect(describeSleepTimer(timed(15 * MINUTE), now)).toBe('Sleep timer: 15 minutes left');
    expect(describeSleepTimer(timed(14 * MINUTE + 1), now)).toBe('Sleep timer: 15 minutes left');
    expect(describeSleepTimer(timed(14 * MINUTE), now)).toBe('Sleep timer: 14 minutes left');
    expect(describeSleepTimer(timed(MINUTE + 1), now)).toBe('Sleep timer: 2 minutes left');
    expect(describeSleepTimer(timed(MINUTE), now)).toBe('Sleep timer: 1 minute left');
    expect(describeSleepTimer(timed(1), now)).toBe('Sleep timer: 1 minute left');
    expect(describeSleepTimer(timed(-1), now)).toBe('Sleep timer: 1 minute left');
  });
});

describe('name$', () => {
  it('says how long is left, again only when the minutes go down', () => {
    const { timer, advance, pending } = setUp();
    const names: string[] = [];
    const subscription = timer.name$.subscribe((name) => names.push(name));
    timer.set(15);
    advance(MINUTE - 1);
    expect(names).toEqual(['Sleep timer', 'Sleep timer: 15 minutes left']);
    advance(1);
    expect(names.at(-1)).toBe('Sleep timer: 14 minutes left');
    advance(13 * MINUTE);
    expect(names.at(-1)).toBe('Sleep timer: 1 minute left');
    expect(names).toHaveLength(16);
    advance(MINUTE);
    expect(names.at(-1)).toBe('Sleep timer');
    expect(names).toHaveLength(17);

    timer.set('end-of-track');
    expect(names.at(-1)).toBe('Sleep timer: end of track');
    timer.set(30);
    subscription.unsubscribe();
    // Only the timer's own end is left waiting once nobody shows the name.
    expect(pending()).toBe(1);
  });
});
