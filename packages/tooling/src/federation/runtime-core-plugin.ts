import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rspack } from '@rspack/core';
import type { RspackPluginInstance } from '@rspack/core';

const PROVIDER = path.join(import.meta.dirname, 'provide-runtime-core.ts');
const PLUGIN = 'LoofiFederationRuntimeCore';

/**
 * Compile-time switches of the federation runtime, as the federation plugin sets them for a
 * browser build that uses manifests and shared modules. The host, which uses the runtime
 * without the plugin, sets the same.
 */
export const FEDERATION_RUNTIME_DEFINES = {
  ENV_TARGET: 'web',
  FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: false,
  FEDERATION_OPTIMIZE_NO_REMOTE: false,
  FEDERATION_OPTIMIZE_NO_SHARED: false,
} as const;

/** Bundles ./provide-runtime-core.ts on its own: a script with no federation of its own. */
async function bundleProvider(mode: 'production' | 'development'): Promise<string> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'loofi-runtime-core-'));
  try {
    const compiler = rspack({
      mode,
      context: import.meta.dirname,
      target: 'web',
      devtool: false,
      entry: PROVIDER,
      output: { path: outDir, filename: 'provider.js' },
      module: {
        rules: [
          {
            test: /\.ts$/,
            loader: 'builtin:swc-loader',
            options: { jsc: { parser: { syntax: 'typescript' } } },
            type: 'javascript/auto',
          },
        ],
      },
      plugins: [
        new rspack.DefinePlugin(
          Object.fromEntries(
            Object.entries(FEDERATION_RUNTIME_DEFINES).map(([key, value]) => [
              key,
              JSON.stringify(value),
            ]),
          ),
        ),
      ],
      optimization: { minimize: mode === 'production' },
      stats: 'errors-only',
    });
    await new Promise<void>((resolve, reject) => {
      compiler.run((error, stats) => {
        compiler.close(() => undefined);
        if (error) reject(error);
        else if (stats?.hasErrors()) reject(new Error(stats.toString('errors-only')));
        else resolve();
      });
    });
    return await readFile(path.join(outDir, 'provider.js'), 'utf8');
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/**
 * For a remote built with `externalRuntime`: emits a script that provides the federation
 * runtime's core and puts it before the entry of the remote's own (standalone) page. The
 * host's pages never load it; composed, a remote uses the host's core.
 */
export function federationRuntimeCorePlugin({
  directory,
}: {
  /** Where the script goes in the build output. */
  directory: string;
}): RspackPluginInstance {
  let bundled: Promise<{ filename: string; source: string }> | null = null;
  return {
    apply(compiler) {
      const mode = compiler.options.mode === 'production' ? 'production' : 'development';
      compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
        const script = () =>
          (bundled ??= bundleProvider(mode).then((source) => ({
            source,
            filename: `${directory}/federation-runtime.${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`,
          })));
        compilation.hooks.processAssets.tapPromise(
          { name: PLUGIN, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
          async () => {
            const { filename, source } = await script();
            compilation.emitAsset(filename, new rspack.sources.RawSource(source));
          },
        );
        rspack.HtmlRspackPlugin.getCompilationHooks(
          compilation,
        ).beforeAssetTagGeneration.tapPromise(PLUGIN, async (data) => {
          const { filename } = await script();
          data.assets.js.unshift(`${data.assets.publicPath}${filename}`);
          return data;
        });
      });
    },
  };
}
