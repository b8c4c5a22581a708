import { describe, expect, it, vi } from 'vitest';
import { retryUntilLoaded } from './retry-until-loaded';

describe('retryUntilLoaded', () => {
  it('tries again after each failure, once the next attempt is due, until it loads', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockRejectedValueOnce(new Error('still offline'))
      .mockResolvedValue('loaded');
    const failures: unknown[] = [];
    const attempts: number[] = [];
    await expect(
      retryUntilLoaded(load, {
        onFailure: (error) => failures.push(error),
        nextAttempt: async (attempt) => void attempts.push(attempt),
      }),
    ).resolves.toBe('loaded');
    expect(load).toHaveBeenCalledTimes(3);
    expect(failures.map((error) => (error as Error).message)).toEqual(['offline', 'still offline']);
    expect(attempts).toEqual([1, 2]);
  });
});
