import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

describe('whenIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits for an idle period, with a deadline, and can be cancelled', () => {
    const idle = vi.fn((_callback: IdleRequestCallback, _options?: IdleRequestOptions) => 7);
    const cancel = vi.fn();
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('cancelIdleCallback', cancel);
    const callback = vi.fn();
    const stop = whenIdle(callback, { timeoutMs: 3_000 });
    expect(idle.mock.calls[0]?.[1]).toEqual({ timeout: 3_000 });
    idle.mock.calls[0]?.[0]({ didTimeout: false, timeRemaining: () => 10 });
    expect(callback).toHaveBeenCalledTimes(1);
    stop();
    expect(cancel).toHaveBeenCalledWith(7);
  });

  it('falls back on a timer where the browser has no idle callbacks', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const callback = vi.fn();
    whenIdle(callback, { fallbackMs: 2_000 });
    vi.advanceTimersByTime(1_999);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    whenIdle(cancelled)();
    vi.advanceTimersByTime(5_000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
