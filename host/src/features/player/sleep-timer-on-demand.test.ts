import { Subject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { loadShellOverlays } from '../full-kit/full-kit';
import { createSleepTimer } from './sleep-timer';
import type { SleepClock, SleepTimerState } from './sleep-timer';
import { createSleepTimerOnDemand } from './sleep-timer-on-demand';

const clock: SleepClock = {
  now: () => 1_000_000,
  setTimeout: () => 1,
  clearTimeout: () => undefined,
};

function setUp() {
  const controls = {
    fadeOutAndPause: vi.fn(),
    stopAtEndOfTrack: vi.fn(),
    stoppedAtEndOfTrack$: new Subject<void>(),
  };
  const load = vi.fn(() =>
    Promise.resolve({
      overlays: { createSleepTimer: (c: typeof controls) => createSleepTimer(c, clock) },
    }),
  ) as unknown as typeof loadShellOverlays;
  const timer = createSleepTimerOnDemand(controls, load);
  const states: SleepTimerState[] = [];
  const names: string[] = [];
  timer.state$.subscribe((state) => states.push(state));
  timer.name$.subscribe((name) => names.push(name));
  return { controls, load, timer, states, names };
}

describe('the sleep timer on demand', () => {
  it('is off, and fetches nothing to be turned off', () => {
    const { load, timer, states, names } = setUp();
    timer.set('off');
    expect(load).not.toHaveBeenCalled();
    expect(states).toEqual([{ kind: 'off' }]);
    expect(names).toEqual(['Sleep timer']);
  });

  it('runs the engine from the menu’s chunk once set, and says so', async () => {
    const { controls, timer, states, names } = setUp();
    timer.set(15);
    await vi.waitFor(() => expect(names.at(-1)).toBe('Sleep timer: 15 minutes left'));
    expect(states.at(-1)).toEqual({ kind: 'timed', endsAt: 1_000_000 + 15 * 60_000, minutes: 15 });
    timer.set('end-of-track');
    await vi.waitFor(() => expect(controls.stopAtEndOfTrack).toHaveBeenCalledWith(true));
    expect(names.at(-1)).toBe('Sleep timer: end of track');
  });
});
