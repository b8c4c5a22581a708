import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useRetryableLoad } from './use-retryable-load';

describe('useRetryableLoad', () => {
  it('loads, fails, and loads again on retry', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('module');
    const { result } = renderHook(() => useRetryableLoad(load));
    expect(result.current.state).toEqual({ status: 'loading' });
    await waitFor(() => expect(result.current.state.status).toBe('failed'));
    expect(result.current.state).toMatchObject({ error: new Error('offline') });

    act(() => result.current.retry());
    expect(result.current.state).toEqual({ status: 'loading' });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', value: 'module' }));
    expect(result.current.attempt).toBe(1);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries again by itself when the browser is back online after a failure', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('module');
    const { result } = renderHook(() => useRetryableLoad(load));
    await waitFor(() => expect(result.current.state.status).toBe('failed'));
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', value: 'module' }));
  });

  it('shows what is already loaded in the first render and keeps that state', async () => {
    const value = { name: 'App' };
    const load = vi.fn(() => Promise.resolve(value));
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useRetryableLoad(load, value);
    });
    const first = result.current.state;
    expect(first).toEqual({ status: 'ready', value });
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await act(() => Promise.resolve());
    expect(result.current.state).toBe(first);
    expect(renders).toBe(1);
  });
});
