import { rspack } from '@rspack/core';
import type { RspackPluginInstance } from '@rspack/core';

/** The name of `emitJson`'s plugins, which the remotes' fallback build leaves out. */
export const EMIT_JSON_PLUGIN = 'LoofiEmitJson';

/** Emits a JSON file into the build output. */
export function emitJson(filename: string, data: unknown): RspackPluginInstance {
  return {
    name: EMIT_JSON_PLUGIN,
    apply(compiler) {
      compiler.hooks.thisCompilation.tap(EMIT_JSON_PLUGIN, (compilation) => {
        compilation.hooks.processAssets.tap(
          { name: EMIT_JSON_PLUGIN, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
          () => {
            compilation.emitAsset(
              filename,
              new rspack.sources.RawSource(`${JSON.stringify(data, null, 2)}\n`),
            );
          },
        );
      });
    },
  };
}
