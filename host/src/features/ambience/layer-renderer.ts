import { afterNextPaint } from '@loofi/ui/async';
import type { LayerId } from './ambience-mix';
import { renderLayer } from './layer-synthesis';
import type { LayerAnswer, LayerRequest } from './layer.worker';

/** What the renderer needs of a worker (tests give a fake). */
export type LayerWorker = Pick<Worker, 'postMessage' | 'addEventListener' | 'terminate'>;

function startWorker(): LayerWorker | null {
  if (typeof Worker === 'undefined') return null;
  // Written out in full so Rspack sees it and bundles the worker as its own chunk.
  return new Worker(new URL('./layer.worker.ts', import.meta.url), {
    type: 'module',
    name: 'ambience-layers',
  });
}

/** Makes a layer here, after the paint that answers the press which asked for it. */
const renderHere = (layer: LayerId, sampleRate: number) =>
  afterNextPaint().then(() => renderLayer(layer, sampleRate).channels);

/**
 * Makes layers in a worker, so the page stays free to answer the owner; here instead where
 * there is no worker, or it cannot start (its code was never fetched and the network is
 * gone): the ambience still plays, with a pause on this thread.
 */
export function layerRenderer(
  start: () => LayerWorker | null = startWorker,
): (layer: LayerId, sampleRate: number) => Promise<Float32Array[]> {
  let worker: LayerWorker | null | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve(channels: Float32Array[]): void; reject(): void }>();
  const giveUp = () => {
    worker?.terminate();
    worker = null;
    for (const { reject } of pending.values()) reject();
    pending.clear();
  };
  const begin = (): LayerWorker | null => {
    try {
      const started = start();
      started?.addEventListener('message', (event: MessageEvent<LayerAnswer>) => {
        const waiting = pending.get(event.data.id);
        pending.delete(event.data.id);
        if ('channels' in event.data) waiting?.resolve(event.data.channels);
        else waiting?.reject();
      });
      started?.addEventListener('error', giveUp);
      return started;
    } catch {
      return null;
    }
  };
  return (layer, sampleRate) => {
    if (worker === undefined) worker = begin();
    const running = worker;
    if (!running) return renderHere(layer, sampleRate);
    const id = nextId++;
    return new Promise<Float32Array[]>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      const request: LayerRequest = { id, layer, sampleRate };
      running.postMessage(request);
    }).catch(() => renderHere(layer, sampleRate));
  };
}
