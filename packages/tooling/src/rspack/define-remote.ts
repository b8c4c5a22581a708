import type { Configuration } from '@rspack/core';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import type { PublicConfig } from '@loofi/contracts';
import { demoAssetsPlugin } from '../demo';
import { loadToolingEnv } from '../env';
import { externalBundlerRuntimePlugin } from '../federation/bundler-runtime-plugin';
import { federationRuntimeCorePlugin } from '../federation/runtime-core-plugin';
import { BUILD_FACTS_FILE } from '../headers';
import type { BuildFacts } from '../headers';
import { STATIC_JS, appRules, baseConfig } from './base-config';
import { appNamed } from './federation-config';
import type { RemoteFederationConfig } from './federation-config';
import { muiWithoutCssVarsPlugins } from './internals/mui-without-css-vars';
import { buildConstantsPlugin } from './plugins/build-constants-plugin';
import { emitJson } from './plugins/emit-json-plugin';
import { mainPagePlugin } from './plugins/html-page-plugin';
import { remoteFederationPlugin } from './plugins/remote-federation-plugin';
import { remoteChunks } from './split-chunks';

export interface RemoteOptions {
  /** The remote's module-federation.config.ts. */
  federation: RemoteFederationConfig;
  /** The remote's folder (where its rspack.config.ts is). */
  root: string;
  /** The title of the remote's own (standalone) page. */
  title: string;
  /** The remote's parsed build-time configuration, inlined as `__LOOFI_CONFIG__`. */
  config: PublicConfig;
}

/**
 * The Rspack configuration of a remote: built with the federation plugin, it exposes `./App`
 * to the host and has a page of its own that runs it standalone, on the local backend.
 */
export function defineRemote({ federation, root, title, config }: RemoteOptions): Configuration {
  const env = loadToolingEnv();
  const production = env.NODE_ENV === 'production';
  const base = baseConfig({ app: appNamed(federation.name), root, env, production });
  const runtimeScript = federationRuntimeCorePlugin({ directory: STATIC_JS });
  return {
    ...base,
    output: {
      ...base.output,
      // A remote works out its own origin from where its entry was loaded.
      publicPath: 'auto',
      // The build writes its whole-rxjs fallback (shared tree shaking, see
      // @loofi/contracts/apps) into independent-packages/ before the build's own files: the
      // clean of the output must leave it.
      clean: { keep: /(^|\/)independent-packages\// },
    },
    module: { rules: appRules(production) },
    plugins: [
      remoteFederationPlugin(federation, runtimeScript.manifestData),
      ...muiWithoutCssVarsPlugins(),
      runtimeScript,
      externalBundlerRuntimePlugin(),
      mainPagePlugin(title),
      buildConstantsPlugin({ config, production, env }),
      // What the servers' security headers are built from (see ../headers).
      emitJson(BUILD_FACTS_FILE, { config, backend: { kind: 'local' } } satisfies BuildFacts),
      // A remote on its own page plays the local backend's demo library from its origin.
      demoAssetsPlugin(),
      production ? null : new ReactRefreshRspackPlugin(),
    ],
    optimization: {
      minimize: production,
      splitChunks: production ? remoteChunks(federation.name) : false,
    },
    devServer: {
      ...base.devServer,
      historyApiFallback: false,
      headers: { 'Access-Control-Allow-Origin': '*' },
    },
  };
}
