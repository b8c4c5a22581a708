import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import type { Configuration, RspackPluginInstance } from '@rspack/core';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import {
  APPS,
  chunkLoadingGlobal,
  EXPOSED_MODULE,
  MANIFEST_FILE,
  REMOTE_IDS,
  SCRIPT_POLICY_NAME,
  SHARED_KEYS,
  isFirebaseSharedKey,
  packageOfSharedKey,
  remotesManifestFor,
  sharedSingletons,
} from '@loofi/contracts/apps';
import type { AppId, SharedKey, SharedVersions } from '@loofi/contracts/apps';
import { CONTRACT_VERSION } from '@loofi/contracts';
import type { PublicConfig, TabName } from '@loofi/contracts';
import type { BackendChoice } from '@loofi/backend';
import { DEMO_ASSETS_PLUGIN, demoAssetsPlugin } from '../demo';
import {
  FEDERATION_RUNTIME_CORE_PLUGIN,
  FEDERATION_RUNTIME_DEFINES,
  federationRuntimeCorePlugin,
} from '../federation/runtime-core-plugin';
import { BUILD_FACTS_FILE } from '../headers';
import type { BuildFacts } from '../headers';
import { loadToolingEnv, localOrigin, portOf } from '../env';
import { earlyStartPlugin } from '../inline-script/early-start-plugin';
import {
  bundlerRuntimeVersion,
  externalBundlerRuntimePlugin,
} from '../federation/bundler-runtime-plugin';
import { muiWithoutCssVarsPlugins } from './mui-without-css-vars';
import { versionAbove } from './package-version';
import { prerenderPlugin } from '../prerender/prerender-plugin';
import { serviceWorkerPlugin } from '../service-worker/service-worker-plugin';

/** The version of `key`'s package that the app in `root` resolves, read from its package.json. */
function installedVersion(root: string, key: SharedKey): string {
  // The key itself is resolved, not the package: firebase, for one, has no main entry.
  const resolved = createRequire(path.join(root, 'package.json')).resolve(key);
  return versionAbove(resolved, packageOfSharedKey(key));
}

/** The versions of the shared singletons the host provides, as its build resolves them. */
function sharedVersions(root: string, backend: BackendChoice): SharedVersions {
  // Only a Firebase build provides the SDK: a local one carries not even its version.
  const keys = SHARED_KEYS.filter(
    (key) => backend.kind === 'firebase' || !isFirebaseSharedKey(key),
  );
  return Object.fromEntries(
    keys.map((key) => [key, installedVersion(root, key)]),
  ) as SharedVersions;
}

/**
 * React Router 7 resolves to its development build under every condition a bundler sets
 * (its `production` folder is chosen by nothing): warnings, invariant messages and the
 * dev-only checks the minifier cannot see through. A production build of an app that uses
 * it points `react-router` at that folder's ES build instead.
 */
function reactRouterProductionAlias(root: string): Record<string, string> {
  const fromApp = createRequire(path.join(root, 'package.json'));
  let routerDom: string;
  try {
    routerDom = fromApp.resolve('react-router-dom');
  } catch {
    return {};
  }
  const development = createRequire(routerDom).resolve('react-router');
  const production = development.replace(
    /([\\/])development([\\/])index\.m?js$/,
    '$1production$2index.mjs',
  );
  if (production === development || !existsSync(production)) {
    throw new Error(`react-router's production build was not found beside ${development}.`);
  }
  return { 'react-router$': production };
}

/** Chunks may take this long on a slow network before the load counts as failed (SPEC §7). */
const CHUNK_LOAD_TIMEOUT_MS = 120_000;
const STATIC_JS = 'static/js';
const FAVICON = path.resolve(import.meta.dirname, '../../assets/favicon.svg');
const MASKABLE_ICON = path.resolve(import.meta.dirname, '../../assets/icon-maskable.svg');
const WEB_MANIFEST = 'manifest.webmanifest';

/** The language level of every app's output (Chrome/Edge 94+, Firefox 93+, Safari 15.4+). */
const BROWSER_SYNTAX = 'es2022';

export interface AppConfigOptions {
  app: AppId;
  /** The app's folder (where its rspack.config.ts is). */
  root: string;
  /** The title of the app's page. */
  title: string;
  /** The app's parsed build-time configuration, inlined as `__LOOFI_CONFIG__`. */
  config: PublicConfig;
  /** More compile-time constants, JSON-serialised into the bundle. */
  define?: Record<string, unknown>;
  /** The backend this build talks to (the host's choice; a standalone remote is local). */
  backend?: BackendChoice;
  /** More pages of the app, each with its own entry (the host's account chooser). */
  pages?: readonly { name: string; entry: string; title: string }[];
  /**
   * A module (relative to `root`) and its function that renders the app's first screen:
   * production builds write it into index.html (see ../prerender).
   */
  prerender?: { module: string; exportName: string };
  /**
   * A script (relative to `root`) that production builds inline at the top of index.html,
   * with the URLs of the named chunk groups it may start fetching (see ../inline-script).
   */
  earlyStart?: { entry: string; always: readonly string[]; signedIn: readonly string[] };
  /**
   * An installable app: a web app manifest and, in production, a service worker built from
   * `serviceWorker` (relative to `root`) that precaches the page, its entry and the named
   * chunk groups (and the demo library, when `demo`). See ../service-worker.
   */
  installable?: {
    name: string;
    serviceWorker: string;
    chunkGroups: readonly string[];
    demo: boolean;
  };
}

/** What an installable app's pages link in their head. */
const INSTALLABLE_HEAD = `
    <meta name="theme-color" content="#14121a" />
    <link rel="manifest" href="/${WEB_MANIFEST}" />`;

/** The web app manifest of an installable app (icons drawn by the repo, in ../../assets). */
function webManifest(name: string) {
  return {
    name,
    short_name: name,
    description: `${name}, a lo-fi music dashboard`,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#14121a',
    theme_color: '#14121a',
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/icon-maskable.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
    ],
  };
}

function pageTemplate(title: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="color-scheme" content="dark" />
    <meta name="description" content="loofi, a lo-fi music dashboard" />
    <title>${title}</title>${head}
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
}

/** The name of `emitJson`'s plugins, which the remotes' fallback build leaves out. */
const EMIT_JSON_PLUGIN = 'LoofiEmitJson';

/** Emits a JSON file into the build output. */
function emitJson(filename: string, data: unknown): RspackPluginInstance {
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

/**
 * Over HTTP/1.1 a page gets six connections per origin and every request pays a round trip,
 * so each lazily loaded part of an app is one chunk, never split into many small ones. The
 * exceptions are libraries that several lazy parts use: the core Firebase SDK, which each of
 * its entry points (auth, database, firestore) would otherwise carry again, and the rxjs
 * operators the backend and the dashboard both use beyond what the first script has.
 */
const fewChunks = {
  chunks: 'async',
  cacheGroups: {
    default: false,
    defaultVendors: false,
    firebaseCore: {
      test: /[\\/]node_modules[\\/]@firebase[\\/](app|component|logger|util)[\\/]/,
      name: 'firebase-core',
      minChunks: 2,
      enforce: true,
    },
    rxjs: {
      test: /[\\/]node_modules[\\/](rxjs|tslib)[\\/]/,
      name: 'rxjs',
      minChunks: 2,
      enforce: true,
    },
  },
} as const;

/** The chunk Module Federation makes of a remote's exposed `./App`. */
const EXPOSED_CHUNK = `__federation_expose_${EXPOSED_MODULE.slice(2)}`;

/**
 * A remote's chunks: as few as the host's, and its exposed `./App` built into its entry
 * (the chunk named after the container), so that a tab costs the page one script instead
 * of two. What `./App` consumes from the host stays in the exposed chunk, which emits no
 * script: the runtime still starts those shared modules when `./App` is asked for, never
 * when the entry merely runs.
 */
function remoteChunks(containerName: string) {
  return {
    ...fewChunks,
    cacheGroups: {
      ...fewChunks.cacheGroups,
      exposedInEntry: {
        chunks: (chunk: { name?: string | null }) => chunk.name === EXPOSED_CHUNK,
        test: (module: { type: string }) => module.type !== 'consume-shared-module',
        name: containerName,
        enforce: true,
      },
    },
  };
}

/**
 * The one Rspack configuration of every loofi app. A remote is built with the federation
 * plugin and exposes exactly `./App`. The host is not: it is a plain single-page build whose
 * signed-in chunk starts the federation runtime itself, registers the remotes listed in
 * `remotes.json` and provides its own React, rxjs and UI kit to them (see
 * host/src/features/remotes), so its first script carries no federation code at all.
 */
export function createAppConfig({
  app,
  root,
  title,
  config,
  define = {},
  backend = { kind: 'local' },
  pages = [],
  prerender,
  earlyStart,
  installable,
}: AppConfigOptions): Configuration {
  const env = loadToolingEnv();
  const production = env.NODE_ENV === 'production';
  const isHost = app === 'host';
  const definition = APPS[app];

  const runtimeScript = isHost ? null : federationRuntimeCorePlugin({ directory: STATIC_JS });
  const federation = !runtimeScript
    ? null
    : new ModuleFederationPlugin({
        name: definition.federationName,
        shared: sharedSingletons(),
        // 'version-first' would fetch every remote entry at start; 'loaded-first' takes
        // what the host already provides.
        shareStrategy: 'loaded-first',
        dts: false,
        experiments: {
          // The browser build of the runtime, without the SDK's Node code.
          optimization: { target: 'web' },
          // The runtime's core (about 20 kB gzip) is the host's: a page downloads it once.
          // A remote's own page gets a copy from federationRuntimeCorePlugin.
          externalRuntime: true,
        },
        filename: 'remoteEntry.js',
        exposes: { [EXPOSED_MODULE]: './src/expose.tsx' },
        manifest: { fileName: MANIFEST_FILE, additionalData: runtimeScript.manifestData },
        // The build of the whole-rxjs fallback (independent-packages/, see shared tree
        // shaking in @loofi/contracts/apps) runs with this build's plugins but these, which
        // would write the remote's own page files (runtime core, build facts, demo library)
        // into it again.
        treeShakingSharedExcludePlugins: [
          FEDERATION_RUNTIME_CORE_PLUGIN,
          EMIT_JSON_PLUGIN,
          DEMO_ASSETS_PLUGIN,
        ],
      });

  const origins = Object.fromEntries(
    REMOTE_IDS.map((tab) => [tab, localOrigin(tab, env)]),
  ) as Record<TabName, string>;

  return {
    context: root,
    // The runtime and module wrappers Rspack writes use the same syntax (arrow functions,
    // const) rather than ES5's.
    target: ['web', BROWSER_SYNTAX],
    mode: production ? 'production' : 'development',
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    entry: {
      main: './src/index.ts',
      ...Object.fromEntries(pages.map((page) => [page.name, page.entry])),
    },
    output: {
      path: env.OUT_DIR ? path.resolve(env.OUT_DIR) : path.join(root, 'dist'),
      // The host serves client-side routes (/auth) so it needs an absolute base; a remote
      // works out its own origin from where its entry was loaded.
      publicPath: isHost ? '/' : 'auto',
      uniqueName: definition.federationName,
      chunkLoadingGlobal: chunkLoadingGlobal(definition.federationName),
      filename: production ? `${STATIC_JS}/[name].[contenthash:8].js` : `${STATIC_JS}/[name].js`,
      chunkFilename: production
        ? `${STATIC_JS}/[name].[contenthash:8].js`
        : `${STATIC_JS}/[name].js`,
      assetModuleFilename: 'static/media/[name].[contenthash:8][ext]',
      chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
      ...(env.LOOFI_HASH_SALT ? { hashSalt: env.LOOFI_HASH_SALT } : {}),
      // Chunk and worker URLs go through the page's one Trusted Types policy, which the
      // runtime asks for by this name and the page installed before it (@loofi/federation's sitePolicy).
      trustedTypes: { policyName: SCRIPT_POLICY_NAME, onPolicyCreationFailure: 'stop' },
      // A remote's build writes its whole-rxjs fallback (shared tree shaking, see
      // @loofi/contracts/apps) into independent-packages/ before the build's own files: the
      // clean of the output must leave it.
      clean: isHost ? true : { keep: /(^|\/)independent-packages\// },
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      // rxjs publishes an ES2015 build beside its ES5 default: the ES5 one compiles its
      // classes to functions through tslib's helpers, bytes no browser we support needs.
      conditionNames: ['es2015', '...'],
      alias: production ? reactRouterProductionAlias(root) : {},
    },
    module: {
      rules: [
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
      ],
    },
    plugins: [
      federation,
      ...muiWithoutCssVarsPlugins(),
      runtimeScript,
      isHost ? null : externalBundlerRuntimePlugin(),
      new rspack.HtmlRspackPlugin({
        templateContent: pageTemplate(title, installable ? INSTALLABLE_HEAD : ''),
        favicon: FAVICON,
        // A remote's own page is its standalone harness: it must not load its remoteEntry.js.
        chunks: ['main'],
      }),
      new rspack.DefinePlugin({
        __LOOFI_CONFIG__: JSON.stringify(config),
        __LOOFI_PRODUCTION__: JSON.stringify(production),
        // Each build inlines the contract version it was built against, which the host
        // compares with its own before mounting a remote.
        __CONTRACT_VERSION__: JSON.stringify(env.LOOFI_CONTRACT_VERSION ?? CONTRACT_VERSION),
        ...Object.fromEntries(
          Object.entries({
            ...define,
            ...(isHost
              ? {
                  ...FEDERATION_RUNTIME_DEFINES,
                  __LOOFI_SHARED_VERSIONS__: sharedVersions(root, backend),
                  __LOOFI_BUNDLER_RUNTIME_VERSION__: bundlerRuntimeVersion(),
                }
              : {}),
          }).map(([key, value]) => [key, JSON.stringify(value)]),
        ),
      }),
      ...pages.map(
        (page) =>
          new rspack.HtmlRspackPlugin({
            templateContent: pageTemplate(page.title),
            favicon: FAVICON,
            filename: `${page.name}.html`,
            chunks: [page.name],
          }),
      ),
      isHost ? emitJson('remotes.json', remotesManifestFor(origins)) : null,
      installable ? emitJson(WEB_MANIFEST, webManifest(installable.name)) : null,
      installable
        ? new rspack.CopyRspackPlugin({
            patterns: [{ from: MASKABLE_ICON, to: 'icon-maskable.svg' }],
          })
        : null,
      // What the servers' security headers are built from (see ../headers).
      emitJson(BUILD_FACTS_FILE, { config, backend } satisfies BuildFacts),
      // The local backend's demo library plays from the page's own origin: the host's, or a
      // remote's when it runs standalone.
      demoAssetsPlugin(),
      production ? null : new ReactRefreshRspackPlugin(),
      production && prerender
        ? prerenderPlugin({
            module: path.resolve(root, prerender.module),
            exportName: prerender.exportName,
            filenames: ['index.html'],
          })
        : null,
      production && installable
        ? serviceWorkerPlugin({
            entry: path.resolve(root, installable.serviceWorker),
            filename: 'sw.js',
            demo: installable.demo,
            chunkGroups: installable.chunkGroups,
          })
        : null,
      production && earlyStart
        ? earlyStartPlugin({
            ...earlyStart,
            entry: path.resolve(root, earlyStart.entry),
            filename: 'index.html',
          })
        : null,
    ],
    optimization: {
      minimize: production,
      splitChunks: production
        ? isHost
          ? fewChunks
          : remoteChunks(definition.federationName)
        : false,
    },
    performance: { hints: false },
    lazyCompilation: false,
    devServer: {
      port: portOf(app, env),
      hot: true,
      allowedHosts: 'all',
      historyApiFallback: isHost,
      headers: isHost ? {} : { 'Access-Control-Allow-Origin': '*' },
      client: { overlay: { errors: true, warnings: false } },
    },
    stats: 'errors-warnings',
  };
}
