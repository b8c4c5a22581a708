import { describe, expect, it, vi } from 'vitest';
import { memoizeUntilFailure } from './memoize-until-failure';

describe('memoizeUntilFailure', () => {
  it('shares one pending or successful load between callers', async () => {
    const load = vi.fn(async () => 'value');
    const get = memoizeUntilFailure(load);
    const [first, second] = [get(), get()];
    expect(first).toBe(second);
    await expect(first).resolves.toBe('value');
    await expect(get()).resolves.toBe('value');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts the load again after a failure', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('value');
    const get = memoizeUntilFailure(load);
    await expect(get()).rejects.toThrow('offline');
    await expect(get()).resolves.toBe('value');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
