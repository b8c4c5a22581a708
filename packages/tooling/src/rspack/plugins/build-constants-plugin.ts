import { rspack } from '@rspack/core';
import type { RspackPluginInstance } from '@rspack/core';
import { CONTRACT_VERSION } from '@loofi/contracts';
import type { PublicConfig } from '@loofi/contracts';
import type { ToolingEnv } from '../../env';

export interface BuildConstants {
  /** The app's parsed build-time configuration, inlined as `__LOOFI_CONFIG__`. */
  config: PublicConfig;
  production: boolean;
  env: ToolingEnv;
  /** More compile-time constants, JSON-serialised into the bundle. */
  values?: Record<string, unknown>;
}

/** The compile-time constants of ../build-constants.d.ts. */
export function buildConstantsPlugin({
  config,
  production,
  env,
  values = {},
}: BuildConstants): RspackPluginInstance {
  return new rspack.DefinePlugin({
    __LOOFI_CONFIG__: JSON.stringify(config),
    __LOOFI_PRODUCTION__: JSON.stringify(production),
    // Each build inlines the contract version it was built against, which the host
    // compares with its own before mounting a remote.
    __CONTRACT_VERSION__: JSON.stringify(env.LOOFI_CONTRACT_VERSION ?? CONTRACT_VERSION),
    ...Object.fromEntries(
      Object.entries(values).map(([key, value]) => [key, JSON.stringify(value)]),
    ),
  });
}
