import { Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FOCUS_PRESETS } from '@loofi/contracts';
import { createPlayerBus, INITIAL_PLAYER_STATE } from '@loofi/contracts/player';
import { createMemoryFocusSessions } from '@loofi/backend/testing';
import type { MemoryFocusSessions } from '@loofi/backend/testing';
import type { SharedFocusSession } from '@loofi/backend';
import { FOCUS_SESSION_KEY } from './focus-on-demand';
import { startFocusTimer } from './start-focus-timer';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 26, 9);
const pomodoro = FOCUS_PRESETS[0]!;

/** A browser's storage of its own: each device keeps its session apart. */
function deviceStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

let now = T0;
const clock = {
  now: () => now,
  setTimeout: (callback: () => void, ms: number) => window.setTimeout(callback, ms),
  clearTimeout: (handle: number) => window.clearTimeout(handle),
};
const stops: (() => void)[] = [];

/** One of the owner's devices: its player bus and focus timer, talking to `shared`. */
function device(shared: MemoryFocusSessions) {
  const bus = createPlayerBus({ initial: INITIAL_PLAYER_STATE, contract: 1.4 });
  const storage = deviceStorage();
  const onPhase = vi.fn();
  stops.push(startFocusTimer({ bus, storage, clock, shared: shared.device(), onPhase }));
  return { bus, storage, onPhase };
}

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  now = T0;
});

describe('a focus session on two devices of the owner', () => {
  it('starts, pauses, resumes and stops on the other device, deadlines and all', () => {
    const shared = createMemoryFocusSessions();
    const laptop = device(shared);
    const phone = device(shared);

    laptop.bus.dispatch({ type: 'focusStart', plan: pomodoro });
    expect(phone.bus.state.focus).toEqual(laptop.bus.state.focus);
    expect(phone.bus.state.focus).toMatchObject({ phase: 'focus', endsAt: T0 + 25 * MINUTE });
    expect(shared.stored).toMatchObject({ at: T0, session: { endsAt: T0 + 25 * MINUTE } });

    now += 10 * MINUTE;
    laptop.bus.dispatch({ type: 'focusPause' });
    expect(phone.bus.state.focus).toMatchObject({ endsAt: null, leftMs: 15 * MINUTE });
    // Kept on the phone too, for its reload and its other tabs.
    expect(JSON.parse(phone.storage.getItem(FOCUS_SESSION_KEY)!)).toMatchObject({
      leftMs: 15 * MINUTE,
    });

    now += 30 * MINUTE;
    phone.bus.dispatch({ type: 'focusResume' });
    expect(laptop.bus.state.focus).toMatchObject({ endsAt: now + 15 * MINUTE, leftMs: 0 });

    now += MINUTE;
    laptop.bus.dispatch({ type: 'focusStop' });
    expect(phone.bus.state.focus).toBeNull();
    expect(phone.storage.getItem(FOCUS_SESSION_KEY)).toBeNull();
    expect(shared.stored).toEqual({ session: null, at: now });
  });

  it('tells of a skip made on the other device as a phase that begins there', () => {
    const shared = createMemoryFocusSessions();
    const laptop = device(shared);
    const phone = device(shared);
    laptop.bus.dispatch({ type: 'focusStart', plan: pomodoro });
    expect(phone.onPhase).not.toHaveBeenCalled();
    now += MINUTE;
    laptop.bus.dispatch({ type: 'focusSkip' });
    expect(phone.bus.state.focus).toMatchObject({ phase: 'break', endsAt: now + 5 * MINUTE });
    expect(phone.onPhase).toHaveBeenCalledTimes(1);
    expect(phone.onPhase).toHaveBeenCalledWith({ from: 'focus', to: 'break', block: 1 });
    // The device that skipped told of it once, its own change coming back notwithstanding.
    expect(laptop.onPhase).toHaveBeenCalledTimes(1);
  });

  it('gives a device that opens later the running session', () => {
    const shared = createMemoryFocusSessions();
    const laptop = device(shared);
    laptop.bus.dispatch({ type: 'focusStart', plan: pomodoro });
    now += 5 * MINUTE;
    const phone = device(shared);
    expect(phone.bus.state.focus).toMatchObject({ phase: 'focus', endsAt: T0 + 25 * MINUTE });
    expect(phone.onPhase).not.toHaveBeenCalled();
  });

  it('takes no change older than the last it made or took', () => {
    // A store that hands over whatever it is told, in the order told.
    const heard = new Subject<SharedFocusSession>();
    const written: SharedFocusSession[] = [];
    const bus = createPlayerBus({ initial: INITIAL_PLAYER_STATE, contract: 1.4 });
    const store = {
      session$: heard,
      write: async (change: SharedFocusSession) => void written.push(change),
    };
    stops.push(startFocusTimer({ bus, storage: deviceStorage(), clock, shared: store }));

    bus.dispatch({ type: 'focusStart', plan: pomodoro });
    expect(written).toEqual([{ session: expect.objectContaining({ phase: 'focus' }), at: T0 }]);
    // Its own change coming back, and one made before it elsewhere: neither changes a thing.
    heard.next(written[0]!);
    heard.next({ session: null, at: T0 - 1 });
    expect(bus.state.focus).toMatchObject({ phase: 'focus', endsAt: T0 + 25 * MINUTE });

    heard.next({ session: null, at: T0 + 1 });
    expect(bus.state.focus).toBeNull();
    heard.next({ ...written[0]!, at: T0 + 1 });
    expect(bus.state.focus).toBeNull();
    // A change made here in the same millisecond still comes after the one taken.
    bus.dispatch({ type: 'focusStart', plan: pomodoro });
    expect(written.at(-1)?.at).toBe(T0 + 2);
  });

  it('leaves the stored session alone once stopped', () => {
    const shared = createMemoryFocusSessions();
    const laptop = device(shared);
    const phone = device(shared);
    stops.splice(0, 1)[0]!();
    laptop.bus.dispatch({ type: 'focusStart', plan: pomodoro });
    expect(shared.stored).toBeNull();
    phone.bus.dispatch({ type: 'focusStart', plan: pomodoro });
    expect(laptop.bus.state.focus).toBeNull();
  });
});
