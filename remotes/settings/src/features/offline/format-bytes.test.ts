import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it('counts bytes under a kilobyte one by one', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(999)).toBe('999 bytes');
  });

  it('reads larger sizes in decimal units, one decimal below 100', () => {
    expect(formatBytes(1000)).toBe('1 kB');
    expect(formatBytes(830_400)).toBe('830 kB');
    expect(formatBytes(12_400_000)).toBe('12.4 MB');
    expect(formatBytes(12_449_999)).toBe('12.4 MB');
    expect(formatBytes(1_234_000_000)).toBe('1.2 GB');
  });

  it('moves to the next unit when the figure would round up to a thousand', () => {
    expect(formatBytes(999_600)).toBe('1 MB');
    expect(formatBytes(999_499)).toBe('999 kB');
  });
});
