import { createRequire } from 'node:module';
import type { RspackPluginInstance } from '@rspack/core';
import { bundlerRuntimeExpression } from '@loofi/contracts/apps';
import { BUNDLER_RUNTIME_ENTRY } from '@loofi/federation';
import { versionAbove } from '../rspack/package-version';

const require = createRequire(import.meta.url);
const PACKAGE = '@module-federation/webpack-bundler-runtime';

/**
 * The version of the bundler runtime the federation plugin builds against: the host
 * provides the module with this version, and a remote asks for it by this version.
 */
export function bundlerRuntimeVersion(): string {
  // The federation plugin and this package pin the same version (the workspace's catalog).
  return versionAbove(require.resolve(PACKAGE), PACKAGE);
}

/**
 * For a remote: its `remoteEntry.js` reads the federation's bundler runtime (with the
 * runtime and SDK it imports) from the page's registry, which the host or the remote's own
 * runtime script fills (@loofi/federation), instead of carrying a copy of its own. Module
 * Federation has no option for this layer: see docs/architecture.md. Applied with the
 * compiler's own Rspack, whichever version builds the remote.
 */
export function externalBundlerRuntimePlugin(): RspackPluginInstance {
  const expression = bundlerRuntimeExpression(bundlerRuntimeVersion());
  return {
    name: 'LoofiExternalBundlerRuntime',
    apply(compiler) {
      new compiler.webpack.ExternalsPlugin('var', ({ request }, callback) => {
        if (request && BUNDLER_RUNTIME_ENTRY.test(request)) callback(undefined, expression, 'var');
        else callback();
      }).apply(compiler);
    },
  };
}
