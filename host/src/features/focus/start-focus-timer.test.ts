import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FOCUS_PRESETS } from '@loofi/contracts';
import { createPlayerBus, INITIAL_PLAYER_STATE } from '@loofi/contracts/player';
import { FOCUS_SESSION_KEY } from './focus-on-demand';
import { createFocusSessions } from './focus-session';
import { startFocusTimer } from './start-focus-timer';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 26, 9);
const pomodoro = FOCUS_PRESETS[0]!;

function setUp() {
  let now = T0;
  const clock = {
    now: () => now,
    setTimeout: (callback: () => void, ms: number) => window.setTimeout(callback, ms),
    clearTimeout: (handle: number) => window.clearTimeout(handle),
  };
  const bus = createPlayerBus({ initial: INITIAL_PLAYER_STATE, contract: 1.4 });
  const onPhase = vi.fn();
  const stop = startFocusTimer({ bus, clock, onPhase });
  return { bus, clock, onPhase, stop, later: (ms: number) => (now += ms) };
}

beforeEach(() => localStorage.clear());

describe('startFocusTimer', () => {
  it('publishes the session the commands shape, as deadlines', () => {
    const { bus, later } = setUp();
    expect(bus.state.focus).toBeNull();
    bus.dispatch({ type: 'focusStart', plan: pomodoro });
    expect(bus.state.focus).toEqual({
      plan: pomodoro,
      block: 1,
      phase: 'focus',
      long: false,
      endsAt: T0 + 25 * MINUTE,
      leftMs: 0,
    });
    later(10 * MINUTE);
    bus.dispatch({ type: 'focusPause' });
    expect(bus.state.focus).toMatchObject({ endsAt: null, leftMs: 15 * MINUTE });
    bus.dispatch({ type: 'focusResume' });
    expect(bus.state.focus).toMatchObject({ endsAt: T0 + 25 * MINUTE });
    bus.dispatch({ type: 'focusStop' });
    expect(bus.state.focus).toBeNull();
  });

  it('tells of a skip as a phase that begins', () => {
    const { bus, onPhase } = setUp();
    bus.dispatch({ type: 'focusStart', plan: pomodoro });
    bus.dispatch({ type: 'focusSkip' });
    expect(bus.state.focus).toMatchObject({ phase: 'break', block: 1 });
    expect(onPhase).toHaveBeenCalledWith({ from: 'focus', to: 'break', block: 1 });
  });

  it("follows another tab's session", () => {
    const { bus } = setUp();
    createFocusSessions(localStorage).start(pomodoro);
    window.dispatchEvent(new StorageEvent('storage', { key: FOCUS_SESSION_KEY }));
    expect(bus.state.focus).toMatchObject({ phase: 'focus', block: 1 });
  });

  it('leaves the bus alone once stopped', () => {
    const { bus, stop } = setUp();
    stop();
    bus.dispatch({ type: 'focusStart', plan: pomodoro });
    expect(bus.state.focus).toBeNull();
  });
});
