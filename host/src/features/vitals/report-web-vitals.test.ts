import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportWebVitals } from './report-web-vitals';

describe('reportWebVitals', () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts once per page, however often the dashboard mounts', () => {
    // jsdom has no requestIdleCallback: the start waits on a timer instead.
    const timers = vi.spyOn(window, 'setTimeout').mockImplementation(() => 0);
    const report = vi.fn();
    reportWebVitals(report);
    reportWebVitals(report);
    expect(timers).toHaveBeenCalledTimes(1);
  });
});
