import { describe, expect, it } from 'vitest';
import { normaliseTrackCount, TRACK_COUNT } from './number-of-tracks';

describe('normaliseTrackCount', () => {
  it('keeps a count from 1 to 50', () => {
    expect(normaliseTrackCount('1')).toBe(1);
    expect(normaliseTrackCount('33')).toBe(33);
    expect(normaliseTrackCount(50)).toBe(50);
  });

  it('brings a count into range', () => {
    expect(normaliseTrackCount('0')).toBe(1);
    expect(normaliseTrackCount('-7')).toBe(1);
    expect(normaliseTrackCount('51')).toBe(50);
    expect(normaliseTrackCount('1e9')).toBe(50);
    expect(normaliseTrackCount(Infinity)).toBe(50);
  });

  it('cuts a fraction to a whole number', () => {
    expect(normaliseTrackCount('12.9')).toBe(12);
    expect(normaliseTrackCount('0.5')).toBe(1);
  });

  it('falls back to 20 when it is not a number', () => {
    expect(TRACK_COUNT.default).toBe(20);
    for (const value of ['', '  ', 'abc', '12abc', NaN]) {
      expect(normaliseTrackCount(value), String(value)).toBe(20);
    }
  });
});
