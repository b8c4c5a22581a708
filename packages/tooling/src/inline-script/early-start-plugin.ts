import { createHash } from 'node:crypto';
import { rspack } from '@rspack/core';
import type { RspackPluginInstance } from '@rspack/core';
import { BUILD_FACTS_FILE } from '../headers';
import type { BuildFacts } from '../headers';
import { bundleScript } from '../rspack/bundle-script';
import { chunkGroupScripts } from '../rspack/chunk-group-scripts';

const PLUGIN = 'LoofiEarlyStart';

export interface EarlyStartOptions {
  /** The script's TypeScript entry (absolute). */
  entry: string;
  /** The page it goes into. */
  filename: string;
  /** Chunk groups (`webpackChunkName`s) every visitor's page needs. */
  always: readonly string[];
  /** Chunk groups a signed-in owner's page needs too. */
  signedIn: readonly string[];
  /**
   * Chunk groups the page provides to remotes on demand, by share key: a remote whose
   * manifest lists that key needs them for its first render.
   */
  byShare?: Readonly<Record<string, readonly string[]>>;
}

/** `'sha256-…'`: how a Content-Security-Policy allows one inline script. */
export function scriptHashSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/** The contents of every inline (src-less) script element of an HTML document. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => match[1] ?? '',
  );
}

/**
 * Puts a small script inline at the top of a page's head, given the URLs of the page's
 * entry scripts and of named chunk groups (`globalThis.__loofiStartPlan`): it fetches the
 * entry scripts and runs them once the page has painted (their script tags are taken out
 * of the page), starts fetching what the app will need while the app's own script is still
 * on the wire, and tries that script again if it fails. The page's
 * Content-Security-Policy allows it by hash: the build facts (loofi-build.json) carry the
 * hashes of the page's final inline scripts, taken after every rewrite of the HTML.
 */
export function earlyStartPlugin(options: EarlyStartOptions): RspackPluginInstance {
  let bundled: Promise<string> | null = null;
  return {
    apply(compiler) {
      const mode = compiler.options.mode === 'production' ? 'production' : 'development';
      compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
        rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tapPromise(
          PLUGIN,
          async (data) => {
            if (data.outputName !== options.filename) return data;
            const code = await (bundled ??= bundleScript({ entry: options.entry, mode }));
            const publicPath = data.publicPath;
            const urls = (groups: readonly string[]) =>
              chunkGroupScripts(compilation, groups).map((file) => publicPath + file);
            const always = urls(options.always);
            const plan = {
              entries: urls(['main']),
              always,
              signedIn: urls(options.signedIn).filter((url) => !always.includes(url)),
              byShare: Object.fromEntries(
                Object.entries(options.byShare ?? {}).map(([key, groups]) => [key, urls(groups)]),
              ),
            };
            // JSON inside a script element: no '<' may close it early.
            const json = JSON.stringify(plan).replaceAll('<', '\\u003c');
            const tag = rspack.HtmlRspackPlugin.createHtmlTagObject(
              'script',
              {},
              `globalThis.__loofiStartPlan=${json};${code.trim()}`,
            );
            // The start script runs the entry scripts itself, once the page has painted.
            const isEntry = (candidate: { tagName: string; attributes: Record<string, unknown> }) =>
              candidate.tagName === 'script' &&
              typeof candidate.attributes.src === 'string' &&
              plan.entries.includes(candidate.attributes.src);
            data.headTags = data.headTags.filter((candidate) => !isEntry(candidate));
            data.bodyTags = data.bodyTags.filter((candidate) => !isEntry(candidate));
            data.headTags.unshift(tag);
            return data;
          },
        );
        compilation.hooks.processAssets.tap(
          { name: PLUGIN, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
          () => {
            const page = compilation.getAsset(options.filename);
            const factsAsset = compilation.getAsset(BUILD_FACTS_FILE);
            if (!page || !factsAsset) {
              throw new Error(`${PLUGIN}: ${options.filename} or ${BUILD_FACTS_FILE} is missing.`);
            }
            const facts = JSON.parse(factsAsset.source.source().toString()) as BuildFacts;
            const hashes = inlineScripts(page.source.source().toString()).map(scriptHashSource);
            compilation.updateAsset(
              BUILD_FACTS_FILE,
              new rspack.sources.RawSource(
                `${JSON.stringify({ ...facts, inlineScripts: hashes }, null, 2)}\n`,
              ),
            );
          },
        );
      });
    },
  };
}
