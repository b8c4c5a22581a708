import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-next-paint';

describe('afterNextPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('resolves in a task after the next frame, not in the frame itself', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.push(callback);
      return frames.length;
    });
    const order: string[] = [];
    const painted = afterNextPaint().then(() => order.push('after the paint'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]!(performance.now());
    order.push('frame');
    await painted;
    expect(order).toEqual(['frame', 'after the paint']);
  });

  it('resolves in the next task in a hidden page, which paints no frame', async () => {
    const frame = vi.fn(() => 1);
    vi.stubGlobal('requestAnimationFrame', frame);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    try {
      await afterNextPaint();
      expect(frame).not.toHaveBeenCalled();
    } finally {
      // The document's own getter comes back.
      Reflect.deleteProperty(document, 'visibilityState');
    }
  });

  it('resolves on a timer where the frame does not come (the page hidden meanwhile)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 1);
    const resolved = vi.fn();
    void afterNextPaint().then(resolved);
    await vi.advanceTimersByTimeAsync(99);
    expect(resolved).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(resolved).toHaveBeenCalledOnce();
  });
});
