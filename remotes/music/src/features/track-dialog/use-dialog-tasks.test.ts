import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { ExplainedError } from '../../lib/messages';
import { useDialogTasks } from './use-dialog-tasks';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useDialogTasks', () => {
  it('shows an explained failure with its detail and warns of it; an unexpected one is an error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { result } = renderHook(() => useDialogTasks());

    await act(async () => {
      const outcome = await result.current.run('Scraping…', () =>
        Promise.reject(new ExplainedError('unreachable', 'The page could not be reached.')),
      );
      expect(outcome).toBeNull();
    });
    expect(result.current.failed).toBe(true);
    expect(result.current.failureDetail).toBe('The page could not be reached.');
    expect(logged).not.toHaveBeenCalled();
    expect(warned).toHaveBeenCalledWith('unreachable: The page could not be reached.');

    const fault = new TypeError('x is undefined');
    await act(async () => {
      await result.current.run('Saving…', () => Promise.reject(fault));
    });
    expect(result.current.failed).toBe(true);
    expect(result.current.failureDetail).toBeNull();
    expect(logged).toHaveBeenCalledWith(fault);
  });

  it('reports a cancelled task as neither a value nor a failure', async () => {
    const { result } = renderHook(() => useDialogTasks());
    let finished!: Promise<unknown>;
    act(() => {
      finished = result.current.run(
        'Fetching…',
        (signal) =>
          new Promise((_, reject) =>
            signal.addEventListener('abort', () => reject(new DOMException('gone', 'AbortError'))),
          ),
      );
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      result.current.cancel();
      expect(await finished).toBeNull();
    });
    expect(result.current.failed).toBe(false);
    expect(result.current.busy).toBe(false);
  });

  it('gives a write that settles after Cancel its value, and tells its failure to the tab', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failedAfterClose = vi.fn();
    const { result } = renderHook(() => useDialogTasks({ onFailedAfterClose: failedAfterClose }));
    const write = <T>(
      settle: (resolve: (value: T) => void, reject: (error: unknown) => void) => void,
    ) => {
      let finished!: Promise<{ value: T } | null>;
      act(() => {
        finished = result.current.run(
          'Saving…',
          () => new Promise<T>((resolve, reject) => queueMicrotask(() => settle(resolve, reject))),
          { write: true },
        );
        result.current.cancel();
      });
      return finished;
    };
    await act(async () => {
      expect(await write<string>((resolve) => resolve('saved'))).toEqual({ value: 'saved' });
    });
    expect(failedAfterClose).not.toHaveBeenCalled();
    await act(async () => {
      expect(await write((_, reject) => reject(new Error('offline')))).toBeNull();
    });
    expect(failedAfterClose).toHaveBeenCalledOnce();
    // Stopped by the cancel itself (a batch between two batches): no failure.
    await act(async () => {
      await write((_, reject) => reject(new DOMException('stopped', 'AbortError')));
    });
    expect(failedAfterClose).toHaveBeenCalledOnce();
    expect(result.current.failed).toBe(false);
  });
});
