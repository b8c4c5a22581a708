import { describe, expect, it } from 'vitest';
import { layerRenderer } from './layer-renderer';
import type { LayerWorker } from './layer-renderer';
import { renderLayer } from './layer-synthesis';
import type { LayerAnswer, LayerRequest } from './layer.worker';

/** A worker that answers as `answer` says, a task later, or fails to start. */
function fakeWorker(answer: (request: LayerRequest) => LayerAnswer | 'fail') {
  const listeners = new Map<string, ((event: Event) => void)[]>();
  const asked: LayerRequest[] = [];
  const worker = {
    addEventListener(type: string, listener: (event: Event) => void) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
    postMessage(request: LayerRequest) {
      asked.push(request);
      setTimeout(() => {
        const reply = answer(request);
        if (reply === 'fail') {
          for (const listener of listeners.get('error') ?? []) listener(new Event('error'));
        } else {
          const event = new MessageEvent('message', { data: reply });
          for (const listener of listeners.get('message') ?? []) listener(event);
        }
      }, 0);
    },
    terminated: false,
    terminate() {
      this.terminated = true;
    },
  };
  return { worker: worker as typeof worker & LayerWorker, asked };
}

describe('layerRenderer', () => {
  it('asks the worker for each layer and hands back its channels', async () => {
    const channels = [new Float32Array([0.1, 0.2]), new Float32Array([0.2, 0.1])];
    const { worker, asked } = fakeWorker(({ id }) => ({ id, channels }));
    const render = layerRenderer(() => worker);
    expect(await render('rain', 44_100)).toBe(channels);
    expect(await render('wind', 48_000)).toBe(channels);
    expect(asked).toEqual([
      { id: 0, layer: 'rain', sampleRate: 44_100 },
      { id: 1, layer: 'wind', sampleRate: 48_000 },
    ]);
  });

  it('makes the layer on this thread when the worker cannot start (offline, its code never fetched)', async () => {
    const { worker } = fakeWorker(() => 'fail');
    const render = layerRenderer(() => worker);
    const made = await render('vinyl', 8_000);
    expect(made).toEqual(renderLayer('vinyl', 8_000).channels);
    expect(worker.terminated).toBe(true);
  });

  it('makes the layer on this thread where there are no workers', async () => {
    const render = layerRenderer(() => null);
    expect(await render('brown', 8_000)).toEqual(renderLayer('brown', 8_000).channels);
  });
});
