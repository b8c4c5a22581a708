import { createRequire } from 'node:module';
import { rspack } from '@rspack/core';
import type { RspackPluginInstance } from '@rspack/core';
import { bundlerRuntimeExpression } from '@loofi/contracts/apps';
import { versionAbove } from '../rspack/package-version';

const require = createRequire(import.meta.url);
const PACKAGE = '@module-federation/webpack-bundler-runtime';

/** The bundler runtime's entry, in its CommonJS or ES build, as the federation plugin imports it. */
const ENTRY = /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]index\.c?js$/;

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
 * runtime and SDK it imports) from the page, which the host or the standalone page's
 * runtime script provides (@loofi/contracts/apps' provideBundlerRuntime), instead of
 * carrying a copy of its own. Module Federation has no option for this layer: see
 * docs/architecture.md.
 */
export function externalBundlerRuntimePlugin(): RspackPluginInstance {
  const expression = bundlerRuntimeExpression(bundlerRuntimeVersion());
  return new rspack.ExternalsPlugin('var', ({ request }, callback) => {
    if (request && ENTRY.test(request)) callback(undefined, expression, 'var');
    else callback();
  });
}
