import { describe, expect, it, vi } from 'vitest';
import { nextTask } from './next-task';

describe('nextTask', () => {
  it('resolves after the current task and its microtasks', async () => {
    const order: string[] = [];
    const waited = nextTask().then(() => order.push('next task'));
    void Promise.resolve().then(() => order.push('microtask'));
    await waited;
    expect(order).toEqual(['microtask', 'next task']);
  });

  it("resolves behind a task that was queued before it, even where the browser's scheduler could jump the queue", async () => {
    const yieldAhead = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldAhead });
    try {
      const order: string[] = [];
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        order.push('queued before');
      };
      channel.port2.postMessage(null);
      await nextTask();
      order.push('next task');
      expect(order).toEqual(['queued before', 'next task']);
      expect(yieldAhead).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
