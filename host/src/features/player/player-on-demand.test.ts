import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlayerCommand } from '@loofi/contracts';
import { createPlayerBus, INITIAL_PLAYER_STATE } from '@loofi/contracts/player';
import type { PlayerBusController } from '@loofi/contracts/player';
import { PLAYER_UNAVAILABLE, startPlayerOnDemand } from './player-on-demand';
import type { StartPlayerOptions } from './start-player';

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** A player whose code arrives when the test says, recording what reaches it. */
function setUp() {
  const bus = createPlayerBus({ initial: INITIAL_PLAYER_STATE });
  const received: PlayerCommand[] = [];
  const stopPlayer = vi.fn();
  const startPlayer = vi.fn((options: StartPlayerOptions) => {
    const subscription = options.bus.commands$.subscribe((command) => received.push(command));
    return () => {
      subscription.unsubscribe();
      stopPlayer();
    };
  });
  const fetches: ReturnType<typeof deferred<{ startPlayer: typeof startPlayer }>>[] = [];
  const load = vi.fn(() => {
    const fetch = deferred<{ startPlayer: typeof startPlayer }>();
    fetches.push(fetch);
    return fetch.promise;
  });
  const firstTab = deferred<unknown>();
  const options = { bus } as Partial<StartPlayerOptions> as StartPlayerOptions & {
    bus: PlayerBusController;
  };
  const stop = startPlayerOnDemand(options, firstTab.promise, load);
  const arrive = async (index = fetches.length - 1) => {
    fetches[index]!.resolve({ startPlayer });
    await vi.waitFor(() => expect(startPlayer).toHaveBeenCalled());
  };
  return { bus, received, startPlayer, stopPlayer, load, fetches, firstTab, stop, arrive };
}

afterEach(() => vi.restoreAllMocks());

describe('startPlayerOnDemand', () => {
  it('fetches the player once the first tab is in, not before', async () => {
    const { load, firstTab, arrive, startPlayer } = setUp();
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    firstTab.resolve(undefined);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await arrive();
    expect(startPlayer).toHaveBeenCalledTimes(1);
  });

  it('fetches it too when the first tab fails', async () => {
    const { load, firstTab } = setUp();
    firstTab.reject(new Error('offline'));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  });

  it('fetches it at once for a command, and carries out what was asked, in order', async () => {
    const { bus, load, received, arrive } = setUp();
    bus.dispatch({ type: 'toggle' });
    bus.dispatch({ type: 'seek', seconds: 30 });
    expect(load).toHaveBeenCalledTimes(1);
    expect(received).toEqual([]);
    await arrive();
    expect(received).toEqual([{ type: 'toggle' }, { type: 'seek', seconds: 30 }]);
    bus.dispatch({ type: 'next' });
    expect(received.at(-1)).toEqual({ type: 'next' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says so when the fetch fails after a press, and tries again at the next press', async () => {
    const { bus, load, fetches, received, arrive } = setUp();
    bus.dispatch({ type: 'toggle' });
    fetches[0]!.reject(new Error('offline'));
    await vi.waitFor(() => expect(bus.state.error).toBe(PLAYER_UNAVAILABLE));
    bus.dispatch({ type: 'toggle' });
    expect(load).toHaveBeenCalledTimes(2);
    await arrive(1);
    expect(received).toEqual([{ type: 'toggle' }]);
    expect(bus.state.error).toBeNull();
  });

  it('tries again when the browser is back online', async () => {
    const { load, fetches, firstTab } = setUp();
    firstTab.resolve(undefined);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    fetches[0]!.reject(new Error('offline'));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  });

  it('never starts a player for a shell that is gone, and stops the one it started', async () => {
    const first = setUp();
    first.bus.dispatch({ type: 'toggle' });
    first.stop();
    first.fetches[0]!.resolve({ startPlayer: first.startPlayer });
    await Promise.resolve();
    await Promise.resolve();
    expect(first.startPlayer).not.toHaveBeenCalled();

    const second = setUp();
    second.bus.dispatch({ type: 'toggle' });
    await second.arrive();
    second.stop();
    expect(second.stopPlayer).toHaveBeenCalledTimes(1);
  });
});
