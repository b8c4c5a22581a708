import path from 'node:path';
import type { Configuration, RuleSetRule } from '@rspack/core';
import { APPS, SCRIPT_POLICY_NAME, chunkLoadingGlobal } from '@loofi/contracts/apps';
import type { AppId } from '@loofi/contracts/apps';
import { portOf } from '../env';
import type { ToolingEnv } from '../env';
import { reactRouterProductionAlias } from './internals/react-router-alias';

/** Where every app's scripts go in its build output. */
export const STATIC_JS = 'static/js';
/** Chunks may take this long on a slow network before the load counts as failed (SPEC §7). */
const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** The language level of every app's output (Chrome/Edge 94+, Firefox 93+, Safari 15.4+). */
const BROWSER_SYNTAX = 'es2022';

export interface BaseConfigOptions {
  app: AppId;
  /** The app's folder (where its rspack.config.ts is). */
  root: string;
  env: ToolingEnv;
  production: boolean;
  /** Entries beside `main` (./src/index.ts), by name, relative to `root`. */
  entries?: Record<string, string>;
}

/** How every app compiles its TypeScript and takes in its media files. */
export function appRules(production: boolean): RuleSetRule[] {
  return [
    {
      test: /\.[cm]?tsx?$/,
      exclude: /node_modules/,
      loader: 'builtin:swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          // The browsers React 19 and MUI 9 run in, whose own code ships untranspiled:
          // without a target swc wrote ES5 (async functions as state machines, spreads
          // and template strings through helpers), a sixth of our own bytes.
          target: BROWSER_SYNTAX,
          transform: {
            react: { runtime: 'automatic', development: !production, refresh: !production },
          },
        },
      },
      type: 'javascript/auto',
    },
    {
      test: /\.(png|jpe?g|webp|avif|svg|gif|wav|mp3|ogg)$/i,
      type: 'asset/resource',
    },
    // `@emotion/react` keeps a bare `import 'hoist-non-react-statics'` (its withTheme's,
    // which no loofi app uses); that package declares no `sideEffects`, so the import kept
    // it, and React 16's `react-is` with it, in every first script (0.9 kB gzip). It has
    // none: where an app really calls it, it is bundled as before.
    { test: /[\\/]hoist-non-react-statics[\\/]/, sideEffects: false },
  ];
}

/**
 * What every loofi app's build shares, host and remotes alike. `defineHost` and
 * `defineRemote` add where it loads from, its module rules, its plugins and its chunks.
 */
export function baseConfig({
  app,
  root,
  env,
  production,
  entries = {},
}: BaseConfigOptions): Configuration {
  const { federationName } = APPS[app];
  return {
    context: root,
    // The runtime and module wrappers Rspack writes use the same syntax (arrow functions,
    // const) rather than ES5's.
    target: ['web', BROWSER_SYNTAX],
    mode: production ? 'production' : 'development',
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    entry: { main: './src/index.ts', ...entries },
    output: {
      path: env.OUT_DIR ? path.resolve(env.OUT_DIR) : path.join(root, 'dist'),
      uniqueName: federationName,
      chunkLoadingGlobal: chunkLoadingGlobal(federationName),
      filename: production ? `${STATIC_JS}/[name].[contenthash:8].js` : `${STATIC_JS}/[name].js`,
      chunkFilename: production
        ? `${STATIC_JS}/[name].[contenthash:8].js`
        : `${STATIC_JS}/[name].js`,
      assetModuleFilename: 'static/media/[name].[contenthash:8][ext]',
      chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
      ...(env.LOOFI_HASH_SALT ? { hashSalt: env.LOOFI_HASH_SALT } : {}),
      // Chunk and worker URLs go through the page's one Trusted Types policy, which the
      // runtime asks for by this name and the page installed before it (trusted-scripts.ts).
      trustedTypes: { policyName: SCRIPT_POLICY_NAME, onPolicyCreationFailure: 'stop' },
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      // rxjs publishes an ES2015 build beside its ES5 default: the ES5 one compiles its
      // classes to functions through tslib's helpers, bytes no browser we support needs.
      conditionNames: ['es2015', '...'],
      alias: production ? reactRouterProductionAlias(root) : {},
    },
    module: { rules: appRules(production) },
    performance: { hints: false },
    lazyCompilation: false,
    devServer: {
      port: portOf(app, env),
      hot: true,
      allowedHosts: 'all',
      client: { overlay: { errors: true, warnings: false } },
    },
    stats: 'errors-warnings',
  };
}
