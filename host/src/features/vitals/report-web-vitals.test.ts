import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportWebVitals } from './report-web-vitals';

describe('reportWebVitals', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('starts once per page, however often the dashboard mounts', () => {
    // happy-dom has no requestIdleCallback: the start waits on a timer instead (never run here).
    vi.useFakeTimers();
    const timers = vi.spyOn(window, 'setTimeout');
    const report = vi.fn();
    reportWebVitals(report);
    reportWebVitals(report);
    expect(timers).toHaveBeenCalledTimes(1);
  });
});
