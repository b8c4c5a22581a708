// The artwork worker: decodes a large cover and scales it down off the main thread, where
// `createImageBitmap`'s scaling of a 12,000 × 12,000 cover held the page 130–200 ms.
// Started by bounded-artwork.ts; Rspack bundles it as its own chunk ('artwork').

/** A cover's bytes (fetched by the page, under its security policy) and the size wanted. */
export interface ArtworkRequest {
  blob: Blob;
  width: number;
  height: number;
}

/** The scaled cover as a PNG, or why not. */
export type ArtworkAnswer = { png: Blob } | { error: string };

export async function scaleArtwork({
  blob,
  width,
  height,
}: ArtworkRequest): Promise<ArtworkAnswer> {
  try {
    const bitmap = await createImageBitmap(blob, {
      resizeWidth: width,
      resizeHeight: height,
      resizeQuality: 'medium',
    });
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('bitmaprenderer');
    if (!context) throw new Error('No bitmap renderer.');
    context.transferFromImageBitmap(bitmap);
    return { png: await canvas.convertToBlob({ type: 'image/png' }) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** The part of the worker's global scope used here (the DOM typings describe a window). */
interface WorkerScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<ArtworkRequest>) => void): void;
  postMessage(answer: ArtworkAnswer): void;
}
const scope = self as unknown as WorkerScope;

scope.addEventListener('message', (event) => {
  void scaleArtwork(event.data).then((answer) => scope.postMessage(answer));
});
