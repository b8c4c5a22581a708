import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Compiler, RspackPluginInstance } from '@rspack/core';
import { REMOTE_BUILD_FIELD } from '@loofi/contracts/apps';
import type { RemoteBuild } from '@loofi/contracts/apps';
import { bundleScript } from '../rspack/bundle-script';
import { bundlerRuntimeVersion } from './bundler-runtime-plugin';

const PROVIDER = path.join(import.meta.dirname, 'provide-runtime-core.ts');
export const FEDERATION_RUNTIME_CORE_PLUGIN = 'LoofiFederationRuntimeCore';

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

export interface FederationRuntimeCorePlugin extends RspackPluginInstance {
  /**
   * For the federation plugin's `manifest.additionalData`: records in `mf-manifest.json`
   * the Rspack that built the remote, the bundler runtime its entry asks for and this
   * script, which a host without that runtime's major loads before the entry.
   */
  manifestData(options: { stats: { metaData: object }; compiler: unknown }): Promise<void>;
}

/**
 * For a remote built with `externalRuntime`: emits a script that provides the federation
 * runtime's core and bundler runtime, and puts it before the entry of the remote's own
 * (standalone) page. A host loads it only when it cannot serve the remote's bundler
 * runtime itself (see manifestData). Built with the remote's own Rspack.
 */
export function federationRuntimeCorePlugin({
  directory,
}: {
  /** Where the script goes in the build output. */
  directory: string;
}): FederationRuntimeCorePlugin {
  let bundled: Promise<{ filename: string; source: string }> | null = null;
  const script = (compiler: Compiler) =>
    (bundled ??= bundleScript({
      entry: PROVIDER,
      mode: compiler.options.mode === 'production' ? 'production' : 'development',
      define: {
        ...FEDERATION_RUNTIME_DEFINES,
        __LOOFI_BUNDLER_RUNTIME_VERSION__: bundlerRuntimeVersion(),
      },
      rspack: compiler.webpack,
    }).then((source) => ({
      source,
      filename: `${directory}/federation-runtime.${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`,
    })));
  return {
    name: FEDERATION_RUNTIME_CORE_PLUGIN,
    async manifestData({ stats, compiler }) {
      const rspackCompiler = compiler as Compiler;
      const build: RemoteBuild = {
        rspack: rspackCompiler.webpack.rspackVersion,
        bundlerRuntime: {
          version: bundlerRuntimeVersion(),
          script: (await script(rspackCompiler)).filename,
        },
      };
      (stats.metaData as Record<string, unknown>)[REMOTE_BUILD_FIELD] = build;
    },
    apply(compiler) {
      const { webpack } = compiler;
      compiler.hooks.thisCompilation.tap(FEDERATION_RUNTIME_CORE_PLUGIN, (compilation) => {
        compilation.hooks.processAssets.tapPromise(
          {
            name: FEDERATION_RUNTIME_CORE_PLUGIN,
            stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL,
          },
          async () => {
            const { filename, source } = await script(compiler);
            compilation.emitAsset(filename, new webpack.sources.RawSource(source));
          },
        );
        webpack.HtmlRspackPlugin.getCompilationHooks(
          compilation,
        ).beforeAssetTagGeneration.tapPromise(FEDERATION_RUNTIME_CORE_PLUGIN, async (data) => {
          const { filename } = await script(compiler);
          data.assets.js.unshift(`${data.assets.publicPath}${filename}`);
          return data;
        });
      });
    },
  };
}
