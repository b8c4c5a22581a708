import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RspackPluginInstance } from '@rspack/core';
import { DEMO_TRACKS } from '@loofi/backend/local/demo';
import type { DemoTrack } from '@loofi/backend/local/demo';
import { drawCover } from './draw-cover';
import { synthesizeTrack } from './synthesize-track';

export const DEMO_ASSETS_PLUGIN = 'LoofiDemoAssets';

export interface DemoAsset {
  /** The path in the build output, `demo/<slug>.wav` or `demo/<slug>.svg`. */
  filename: string;
  content: Buffer;
}

/** Where made assets are kept between builds (every app's build needs the same ones). */
const DEMO_CACHE_DIR = path.resolve(import.meta.dirname, '../../node_modules/.cache/loofi-demo');

/** The code that makes the assets: a change to it (or to the tracks) makes them again. */
const MAKERS = ['synthesize-track.ts', 'wav.ts', 'draw-cover.ts'].map((file) =>
  path.join(import.meta.dirname, file),
);
MAKERS.push(fileURLToPath(import.meta.resolve('@loofi/ui/random')));

function cacheKey(tracks: readonly DemoTrack[]): string {
  const hash = createHash('sha256').update(JSON.stringify(tracks));
  for (const file of MAKERS) hash.update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

export interface DemoAssetsOptions {
  /** Null: make them, keep nothing on disk. */
  cacheDir?: string | null;
  synthesize?: (track: DemoTrack) => Buffer;
}

/**
 * Every demo track's audio and cover, made once and kept on disk (`DEMO_CACHE_DIR`, keyed
 * by the tracks and the code that makes them), so the four apps' builds do not each
 * synthesise the library again.
 */
export function makeDemoAssets({
  cacheDir = DEMO_CACHE_DIR,
  synthesize = synthesizeTrack,
}: DemoAssetsOptions = {}): DemoAsset[] {
  const filenames = DEMO_TRACKS.flatMap((track) => [
    `demo/${track.slug}.wav`,
    `demo/${track.slug}.svg`,
  ]);
  const dir = cacheDir === null ? null : path.join(cacheDir, cacheKey(DEMO_TRACKS));
  if (dir && filenames.every((filename) => existsSync(path.join(dir, filename)))) {
    return filenames.map((filename) => ({
      filename,
      content: readFileSync(path.join(dir, filename)),
    }));
  }
  const made = DEMO_TRACKS.flatMap((track) => [
    { filename: `demo/${track.slug}.wav`, content: synthesize(track) },
    { filename: `demo/${track.slug}.svg`, content: Buffer.from(drawCover(track), 'utf8') },
  ]);
  if (dir) {
    mkdirSync(path.join(dir, 'demo'), { recursive: true });
    for (const { filename, content } of made) writeFileSync(path.join(dir, filename), content);
  }
  return made;
}

let cached: readonly DemoAsset[] | undefined;

/** The demo assets, also kept for the life of the process (a watch-mode rebuild). */
export function demoAssets(): readonly DemoAsset[] {
  cached ??= makeDemoAssets();
  return cached;
}

/**
 * Emits the demo library's assets into the build output, where the URLs of
 * `DEMO_TRACKS` (`/demo/<slug>.wav`, `/demo/<slug>.svg`) point.
 */
export function demoAssetsPlugin(): RspackPluginInstance {
  return {
    name: DEMO_ASSETS_PLUGIN,
    apply(compiler) {
      const { Compilation, sources } = compiler.webpack;
      compiler.hooks.thisCompilation.tap(DEMO_ASSETS_PLUGIN, (compilation) => {
        compilation.hooks.processAssets.tap(
          { name: DEMO_ASSETS_PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
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
