import { describe, expect, it } from 'vitest';
import { formatTime } from './player-bar';

describe('formatTime', () => {
  it('reads m:ss, h:mm:ss from an hour on, and 0:00 for what is not a time', () => {
    expect(formatTime(65.9)).toBe('1:05');
    expect(formatTime(3600 + 62)).toBe('1:01:02');
    expect(formatTime(Number.POSITIVE_INFINITY)).toBe('0:00');
    expect(formatTime(-1)).toBe('0:00');
  });
});
