import { describe, expect, it } from 'vitest';
import { focusLeftMs, formatFocusLeft } from './focus';

const MINUTE = 60_000;

describe('formatFocusLeft', () => {
  it.each([
    [25 * MINUTE, '25:00'],
    [90 * MINUTE, '90:00'],
    [61_000, '01:01'],
    [59_001, '01:00'],
    [1, '00:01'],
    [0, '00:00'],
    [-5, '00:00'],
  ])('%d ms is %s', (ms, text) => expect(formatFocusLeft(ms)).toBe(text));
});

describe('focusLeftMs', () => {
  const plan = { focus: 25, break: 5, longBreak: 15 };
  it("counts down to a running phase's deadline, and holds a paused one", () => {
    const running = {
      plan,
      block: 1,
      phase: 'focus',
      long: false,
      endsAt: 10 * MINUTE,
      leftMs: 0,
    } as const;
    expect(focusLeftMs(running, 4 * MINUTE)).toBe(6 * MINUTE);
    expect(focusLeftMs(running, 11 * MINUTE)).toBe(0);
    expect(focusLeftMs({ ...running, endsAt: null, leftMs: 90_000 }, 99 * MINUTE)).toBe(90_000);
  });
});
