import type { FocusClock } from './focus-session';

/**
 * For tests: a clock whose time moves only when the test says, firing the timers that fall
 * due; `jump` is a device that slept, its timers firing late once it wakes.
 */
export function fakeClock(start = Date.UTC(2026, 10, 26, 9)) {
  let now = start;
  let next = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const clock: FocusClock & { advance(ms: number): void; jump(ms: number): void } = {
    now: () => now,
    setTimeout(callback, ms) {
      const handle = next++;
      timers.set(handle, { at: now + ms, callback });
      return handle;
    },
    clearTimeout: (handle) => void timers.delete(handle),
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers].filter(([, timer]) => timer.at <= end);
        if (due.length === 0) break;
        const [handle, timer] = due.sort((a, b) => a[1].at - b[1].at)[0]!;
        timers.delete(handle);
        now = Math.max(now, timer.at);
        timer.callback();
      }
      now = end;
    },
    // The device slept: time passes, and the timers fire once it wakes, late.
    jump(ms) {
      now += ms;
      this.advance(0);
    },
  };
  return clock;
}
