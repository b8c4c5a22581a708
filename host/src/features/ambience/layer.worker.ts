// The ambience's layer worker: makes a layer's loop off the main thread, where a layer's
// few hundred milliseconds of synthesis at a phone's CPU would hold the page.
// Started by layer-renderer.ts; Rspack bundles it as its own chunk ('ambience-layers').
import type { LayerId } from './ambience-mix';
import { renderLayer } from './layer-synthesis';

export interface LayerRequest {
  id: number;
  layer: LayerId;
  sampleRate: number;
}

/** The loop's channels for the request `id` (their buffers transferred), or why not. */
export type LayerAnswer = { id: number; channels: Float32Array[] } | { id: number; error: string };

/** The part of the worker's global scope used here (the DOM typings describe a window). */
interface WorkerScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<LayerRequest>) => void): void;
  postMessage(answer: LayerAnswer, transfer?: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

scope.addEventListener('message', ({ data: { id, layer, sampleRate } }) => {
  try {
    const { channels } = renderLayer(layer, sampleRate);
    scope.postMessage(
      { id, channels },
      channels.map((channel) => channel.buffer as ArrayBuffer),
    );
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
