import { createHash } from 'node:crypto';
import { rspack } from '@rspack/core';
import type { RspackPluginInstance } from '@rspack/core';
import { bundleScript } from '../rspack/bundle-script';
import { chunkGroupScripts } from '../rspack/chunk-group-scripts';

const PLUGIN = 'LoofiServiceWorker';
/** Where Workbox's precache list goes in the worker's source (as InjectManifest does it). */
const MANIFEST_TOKEN = 'self.__WB_MANIFEST';
/** Content-hashed names: their URL is their revision. */
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/;

export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/**
 * Which emitted files a first visit precaches: the page, the scripts named (its entry and
 * the chunks every visit needs), icons and manifest, and (when asked) the demo library;
 * never source maps, build facts, other lazy chunks (cached once used) or the deploy-time
 * `remotes.json` (the worker fetches that network-first).
 */
export function precacheEntries(
  assets: readonly { name: string; source: string | Buffer }[],
  { demo, scripts }: { demo: boolean; scripts: ReadonlySet<string> },
): PrecacheEntry[] {
  return assets
    .filter(({ name }) => {
      if (name.startsWith('demo/')) return demo;
      return scripts.has(name) || /^(index\.html|[^/]+\.(svg|png|webmanifest))$/.test(name);
    })
    .map(({ name, source }) => ({
      url: `/${name}`,
      revision: HASHED.test(name) ? null : createHash('md5').update(source).digest('hex'),
    }))
    .sort((a, b) => a.url.localeCompare(b.url));
}

/**
 * Builds the app's service worker from `entry` (Workbox modules, bundled on their own) and
 * writes it as `filename`, with the precache list of this very build in place of
 * `self.__WB_MANIFEST`. It runs after the assets' names and contents are final.
 */
export function serviceWorkerPlugin({
  entry,
  filename,
  demo,
  chunkGroups,
}: {
  entry: string;
  filename: string;
  /** Precache the demo library (a build whose backend plays it). */
  demo: boolean;
  /** Named chunk groups to precache beside the `main` entry. */
  chunkGroups: readonly string[];
}): RspackPluginInstance {
  let bundled: Promise<string> | null = null;
  return {
    apply(compiler) {
      const mode = compiler.options.mode === 'production' ? 'production' : 'development';
      compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
        compilation.hooks.processAssets.tapPromise(
          // After the inline start script's stage: index.html is final by then.
          { name: PLUGIN, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT + 1 },
          async () => {
            const code = await (bundled ??= bundleScript({ entry, mode }));
            if (!code.includes(MANIFEST_TOKEN)) {
              throw new Error(`${PLUGIN}: ${entry} does not read ${MANIFEST_TOKEN}.`);
            }
            const scripts = new Set(chunkGroupScripts(compilation, ['main', ...chunkGroups]));
            const entries = precacheEntries(
              compilation.getAssets().map((asset) => ({
                name: asset.name,
                source: asset.source.source(),
              })),
              { demo, scripts },
            );
            compilation.emitAsset(
              filename,
              new rspack.sources.RawSource(code.replace(MANIFEST_TOKEN, JSON.stringify(entries))),
            );
          },
        );
      });
    },
  };
}
