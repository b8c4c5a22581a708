import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServiceWorkerUpdates } from './service-worker-updates';
import { UpdateSnackbar } from './update-snackbar';

describe('UpdateSnackbar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('registers the worker once idle, and again when the browser is back online after a failure', async () => {
    const updates = new ServiceWorkerUpdates();
    const register = vi
      .spyOn(updates, 'register')
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(undefined);
    const { unmount } = render(<UpdateSnackbar updates={updates} />);
    expect(register).not.toHaveBeenCalled();

    await act(() => vi.runAllTimersAsync());
    expect(register).toHaveBeenCalledTimes(1);

    window.dispatchEvent(new Event('online'));
    expect(register).toHaveBeenCalledTimes(2);
    await act(() => vi.runAllTimersAsync());
    // Registered: going online again does not register it once more.
    window.dispatchEvent(new Event('online'));
    expect(register).toHaveBeenCalledTimes(2);
    unmount();
  });

  it('stops waiting for the network once the dashboard is gone', async () => {
    const updates = new ServiceWorkerUpdates();
    const register = vi.spyOn(updates, 'register').mockRejectedValue(new TypeError('offline'));
    const { unmount } = render(<UpdateSnackbar updates={updates} />);
    await act(() => vi.runAllTimersAsync());
    expect(register).toHaveBeenCalledTimes(1);
    unmount();
    window.dispatchEvent(new Event('online'));
    expect(register).toHaveBeenCalledTimes(1);
  });
});
