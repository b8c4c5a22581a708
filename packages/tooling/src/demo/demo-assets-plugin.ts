import type { RspackPluginInstance } from '@rspack/core';
import { DEMO_TRACKS } from '@loofi/shared/backend/local/demo';
import { drawCover } from './draw-cover';
import { synthesizeTrack } from './synthesize-track';

const PLUGIN_NAME = 'LoofiDemoAssets';

export interface DemoAsset {
  /** The path in the build output, `demo/<slug>.wav` or `demo/<slug>.svg`. */
  filename: string;
  content: Buffer;
}

let cached: readonly DemoAsset[] | undefined;

/**
 * Every demo track's audio and cover. Made on first use and kept for the life of the
 * process: a watch-mode rebuild reuses them instead of synthesising the library again.
 */
export function demoAssets(): readonly DemoAsset[] {
  cached ??= DEMO_TRACKS.flatMap((track) => [
    { filename: `demo/${track.slug}.wav`, content: synthesizeTrack(track) },
    { filename: `demo/${track.slug}.svg`, content: Buffer.from(drawCover(track), 'utf8') },
  ]);
  return cached;
}

/**
 * Emits the demo library's assets into the build output, where the URLs of
 * `DEMO_TRACKS` (`/demo/<slug>.wav`, `/demo/<slug>.svg`) point.
 */
export function demoAssetsPlugin(): RspackPluginInstance {
  return {
    apply(compiler) {
      const { Compilation, sources } = compiler.webpack;
      compiler.hooks.thisCompilation.tap(PLUGIN_NAME, (compilation) => {
        compilation.hooks.processAssets.tap(
          { name: PLUGIN_NAME, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
          () => {
            for (const { filename, content } of demoAssets()) {
              compilation.emitAsset(filename, new sources.RawSource(content));
            }
          },
        );
      });
    },
  };
}
