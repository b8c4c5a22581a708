import { act, render } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LazyUpdateSnackbar } from './lazy-update-snackbar';
import { ServiceWorkerUpdates } from './service-worker-updates';

/** Runs the timers until `check` holds: the chunk's import resolves outside the fake clock. */
async function until(check: () => void) {
  await vi.waitFor(async () => {
    await act(() => vi.runAllTimersAsync());
    check();
  });
}

describe('LazyUpdateSnackbar', () => {
  // The chunk, loaded once: its import then resolves within the act() that runs the timers.
  beforeAll(() => import('./site-updates'));
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('registers the worker once idle, and again when the browser is back online after a failure', async () => {
    const register = vi
      .spyOn(ServiceWorkerUpdates.prototype, 'register')
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(undefined);
    const { unmount } = render(<LazyUpdateSnackbar />);
    await act(() => vi.advanceTimersByTimeAsync(2_900));
    expect(register).not.toHaveBeenCalled();

    await until(() => expect(register).toHaveBeenCalledTimes(1));
    window.dispatchEvent(new Event('online'));
    await until(() => expect(register).toHaveBeenCalledTimes(2));
    // Registered: going online again does not register it once more.
    window.dispatchEvent(new Event('online'));
    await act(() => vi.runAllTimersAsync());
    expect(register).toHaveBeenCalledTimes(2);
    unmount();
  });

  it('stops waiting for the network once the dashboard is gone', async () => {
    const register = vi
      .spyOn(ServiceWorkerUpdates.prototype, 'register')
      .mockRejectedValue(new TypeError('offline'));
    const { unmount } = render(<LazyUpdateSnackbar />);
    await until(() => expect(register).toHaveBeenCalledTimes(1));
    unmount();
    window.dispatchEvent(new Event('online'));
    await act(() => vi.runAllTimersAsync());
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('fetches nothing while the dashboard is gone before its first load is over', async () => {
    const register = vi.spyOn(ServiceWorkerUpdates.prototype, 'register');
    const { unmount } = render(<LazyUpdateSnackbar />);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    unmount();
    await act(() => vi.runAllTimersAsync());
    expect(register).not.toHaveBeenCalled();
  });
});
