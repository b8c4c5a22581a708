import { createHash } from 'node:crypto';
import path from 'node:path';
import { rspack } from '@rspack/core';
import type { RspackPluginInstance } from '@rspack/core';
import { bundleScript } from '../rspack/bundle-script';
import { bundlerRuntimeVersion } from './bundler-runtime-plugin';
import { containerStartupExpression } from './container-startup.mjs';

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
    name: FEDERATION_RUNTIME_CORE_PLUGIN,
    apply(compiler) {
      const mode = compiler.options.mode === 'production' ? 'production' : 'development';
      compiler.hooks.thisCompilation.tap(FEDERATION_RUNTIME_CORE_PLUGIN, (compilation) => {
        const script = () =>
          (bundled ??= bundleScript({
            entry: PROVIDER,
            mode,
            define: {
              ...FEDERATION_RUNTIME_DEFINES,
              __LOOFI_BUNDLER_RUNTIME_VERSION__: bundlerRuntimeVersion(),
            },
            defineCode: { __LOOFI_CONTAINER_STARTUP__: containerStartupExpression() },
          }).then((source) => ({
            source,
            filename: `${directory}/federation-runtime.${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`,
          })));
        compilation.hooks.processAssets.tapPromise(
          {
            name: FEDERATION_RUNTIME_CORE_PLUGIN,
            stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL,
          },
          async () => {
            const { filename, source } = await script();
            compilation.emitAsset(filename, new rspack.sources.RawSource(source));
          },
        );
        rspack.HtmlRspackPlugin.getCompilationHooks(
          compilation,
        ).beforeAssetTagGeneration.tapPromise(FEDERATION_RUNTIME_CORE_PLUGIN, async (data) => {
          const { filename } = await script();
          data.assets.js.unshift(`${data.assets.publicPath}${filename}`);
          return data;
        });
      });
    },
  };
}
