import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FOCUS_PRESETS } from '@loofi/contracts';
import type { PlayerCommand } from '@loofi/contracts';
import { createPlayerBus, INITIAL_PLAYER_STATE } from '@loofi/contracts/player';
import { createMemoryFocusSessions } from '@loofi/backend/testing';
import { FOCUS_SESSION_KEY, FOCUS_UNAVAILABLE, startFocusTimerOnDemand } from './focus-on-demand';

const plan = FOCUS_PRESETS[0]!;

/** A focus timer whose code arrives when the test says, recording what reaches it. */
function setUp() {
  const bus = createPlayerBus({ initial: INITIAL_PLAYER_STATE, contract: 1.4 });
  const received: PlayerCommand[] = [];
  const startFocusTimer = vi.fn(({ bus: given }: { bus: typeof bus }) => {
    const subscription = given.commands$.subscribe((command) => received.push(command));
    return () => subscription.unsubscribe();
  });
  const fetches: { resolve(): void; reject(): void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<never>((resolve, reject) => {
        fetches.push({
          resolve: () => resolve({ startFocusTimer } as never),
          reject: () => reject(new Error('offline')),
        });
      }),
  );
  return { bus, received, startFocusTimer, fetches, load };
}

beforeEach(() => localStorage.clear());

describe('startFocusTimerOnDemand', () => {
  it('fetches nothing until the owner asks for focus, then carries out what was asked', async () => {
    const { bus, received, fetches, load, startFocusTimer } = setUp();
    startFocusTimerOnDemand(bus, { load });
    bus.dispatch({ type: 'toggle' });
    expect(load).not.toHaveBeenCalled();
    bus.dispatch({ type: 'focusStart', plan });
    bus.dispatch({ type: 'focusPause' });
    expect(load).toHaveBeenCalledTimes(1);
    fetches[0]!.resolve();
    await vi.waitFor(() => expect(startFocusTimer).toHaveBeenCalled());
    expect(received).toEqual([{ type: 'focusStart', plan }, { type: 'focusPause' }]);
  });

  it('fetches it at once for a session kept by an earlier page', () => {
    localStorage.setItem(FOCUS_SESSION_KEY, '{}');
    const { bus, load } = setUp();
    startFocusTimerOnDemand(bus, { load });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("fetches it when another device's session arrives, and gives the timer that device's store", async () => {
    const shared = createMemoryFocusSessions();
    const store = shared.device();
    const { bus, fetches, load, startFocusTimer } = setUp();
    startFocusTimerOnDemand(bus, { load, shared: store });
    // A stopped session elsewhere is nothing to follow.
    await shared.device().write({ session: null, at: 1 });
    expect(load).not.toHaveBeenCalled();
    const session = { plan, block: 1, phase: 'focus' as const, endsAt: 1_000_000, leftMs: 0 };
    await shared.device().write({ session, at: 2 });
    expect(load).toHaveBeenCalledTimes(1);
    fetches[0]!.resolve();
    await vi.waitFor(() => expect(startFocusTimer).toHaveBeenCalled());
    expect(startFocusTimer).toHaveBeenCalledWith({ bus, shared: store });
  });

  it('says so when its code cannot be fetched, and tries again at the next press', async () => {
    const { bus, fetches, load } = setUp();
    startFocusTimerOnDemand(bus, { load });
    bus.dispatch({ type: 'focusStart', plan });
    fetches[0]!.reject();
    await vi.waitFor(() => expect(bus.state.error).toBe(FOCUS_UNAVAILABLE));
    bus.dispatch({ type: 'focusStart', plan });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('starts nothing for a player that has stopped', async () => {
    const { bus, fetches, load, startFocusTimer } = setUp();
    const stop = startFocusTimerOnDemand(bus, { load });
    bus.dispatch({ type: 'focusStart', plan });
    stop();
    fetches[0]!.resolve();
    await Promise.resolve();
    await Promise.resolve();
    expect(startFocusTimer).not.toHaveBeenCalled();
  });
});
