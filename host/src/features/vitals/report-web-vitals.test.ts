import { afterEach, describe, expect, it, vi } from 'vitest';

describe('reportWebVitals', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('starts once per page, however often the dashboard mounts', async () => {
    // A page's own copy of the module: another test file in this worker may have started it.
    vi.resetModules();
    const { reportWebVitals } = await import('./report-web-vitals');
    // happy-dom has no requestIdleCallback: the start waits on a timer instead (never run here).
    vi.useFakeTimers();
    const timers = vi.spyOn(window, 'setTimeout');
    const report = vi.fn();
    reportWebVitals(report);
    reportWebVitals(report);
    expect(timers).toHaveBeenCalledTimes(1);
  });
});
