import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToInput } from './yield-to-input';

describe('yieldToInput', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("resumes through the browser's scheduler where there is one", async () => {
    const order: string[] = [];
    const yieldAhead = vi.fn(async () => {
      order.push('scheduler.yield');
    });
    vi.stubGlobal('scheduler', { yield: yieldAhead });
    await yieldToInput();
    order.push('resumed');
    expect(yieldAhead).toHaveBeenCalledOnce();
    expect(order).toEqual(['scheduler.yield', 'resumed']);
  });

  it('resumes in a later task where there is no scheduler', async () => {
    vi.stubGlobal('scheduler', undefined);
    const order: string[] = [];
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      order.push('task queued before');
    };
    channel.port2.postMessage(null);
    const waited = yieldToInput().then(() => order.push('resumed'));
    void Promise.resolve().then(() => order.push('microtask'));
    await waited;
    expect(order).toEqual(['microtask', 'task queued before', 'resumed']);
  });
});
