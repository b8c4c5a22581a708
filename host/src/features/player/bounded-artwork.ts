import type { ArtworkAnswer, ArtworkRequest } from './artwork.worker';

/** The longest side of a cover handed to the system's media controls as it is. */
export const DIRECT_ARTWORK_MAX_SIDE = 1024;
/** The longest side a larger cover is scaled to: what a lock screen shows. */
export const ARTWORK_SIDE = 512;

/** What bounding a cover needs of the browser (a fake in tests). */
export interface ArtworkPlatform {
  /** An image's natural size, read from its header: its pixels are not decoded. */
  naturalSize(src: string): Promise<{ width: number; height: number }>;
  /** The image as a small PNG, decoded and scaled in a worker; rejects where its host does not let the page read it. */
  scaled(src: string, size: { width: number; height: number }): Promise<Blob>;
  createObjectURL(blob: Blob): string;
  revokeObjectURL(url: string): void;
}

export function browserArtworkPlatform(): ArtworkPlatform {
  return {
    naturalSize: (src) =>
      new Promise((resolve, reject) => {
        const image = new Image();
        image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
        image.onerror = () => reject(new Error(`Not an image: ${src}`));
        image.src = src;
      }),
    async scaled(src, size) {
      const response = await fetch(src, { mode: 'cors' });
      if (!response.ok) throw new Error(`${src} answered ${response.status}`);
      const blob = await response.blob();
      // Written out in full so Rspack sees it and bundles the worker as the 'artwork' chunk.
      const worker = new Worker(new URL('./artwork.worker.ts', import.meta.url), {
        type: 'module',
        name: 'artwork',
      });
      try {
        return await new Promise<Blob>((resolve, reject) => {
          worker.onmessage = ({ data }: MessageEvent<ArtworkAnswer>) =>
            'png' in data ? resolve(data.png) : reject(new Error(data.error));
          worker.onerror = () => reject(new Error('The artwork worker failed.'));
          const request: ArtworkRequest = { blob, ...size };
          worker.postMessage(request);
        });
      } finally {
        worker.terminate();
      }
    },
    createObjectURL: (blob) => URL.createObjectURL(blob),
    revokeObjectURL: (url) => URL.revokeObjectURL(url),
  };
}

export interface BoundedArtwork {
  artwork: MediaImage[];
  /** Frees what was made for it (a blob: URL), once the system shows another. */
  release(): void;
}

const NONE: BoundedArtwork = { artwork: [], release: () => undefined };

/**
 * A cover as Media Session artwork that cannot freeze the page: Chromium decodes artwork at
 * full size on the page's main thread (a 12,000 × 12,000 cover held it over a second), so
 * a cover over DIRECT_ARTWORK_MAX_SIDE a side is scaled to ARTWORK_SIDE off the main thread
 * (`createImageBitmap` with a resize, in a worker) and handed over as a blob: URL, or not at all where
 * its host does not let the page read it.
 */
export async function boundedArtwork(
  src: string,
  platform: ArtworkPlatform,
): Promise<BoundedArtwork> {
  if (!src) return NONE;
  try {
    const { width, height } = await platform.naturalSize(src);
    const side = Math.max(width, height);
    if (side <= 0) return NONE;
    if (side <= DIRECT_ARTWORK_MAX_SIDE) return { artwork: [{ src }], release: NONE.release };
    const scale = ARTWORK_SIDE / side;
    const size = {
      width: Math.max(1, Math.round(width * scale)),
      height: Math.max(1, Math.round(height * scale)),
    };
    const url = platform.createObjectURL(await platform.scaled(src, size));
    return {
      artwork: [{ src: url, sizes: `${size.width}x${size.height}`, type: 'image/png' }],
      release: () => platform.revokeObjectURL(url),
    };
  } catch {
    return NONE;
  }
}

/**
 * Shows each track's bounded artwork through `apply`, the latest asked for only, freeing the
 * one shown before.
 */
export function artworkShower(platform: ArtworkPlatform = browserArtworkPlatform()) {
  let asked = 0;
  let shown: BoundedArtwork = NONE;
  return (src: string, apply: (artwork: MediaImage[]) => void) => {
    asked += 1;
    const ask = asked;
    void boundedArtwork(src, platform).then((bounded) => {
      if (ask !== asked) return bounded.release();
      shown.release();
      shown = bounded;
      if (bounded.artwork.length > 0) apply(bounded.artwork);
    });
  };
}
