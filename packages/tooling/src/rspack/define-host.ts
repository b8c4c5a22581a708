import path from 'node:path';
import type { Configuration, RspackPluginInstance } from '@rspack/core';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { APPS, REMOTE_IDS, remotesManifestFor } from '@loofi/contracts/apps';
import type { SharedKey } from '@loofi/contracts/apps';
import type { PublicConfig, TabName } from '@loofi/contracts';
import type { BackendChoice } from '@loofi/backend';
import { demoAssetsPlugin } from '../demo';
import { loadToolingEnv, localOrigin } from '../env';
import type { ToolingEnv } from '../env';
import { bundlerRuntimeVersion } from '../federation/bundler-runtime-plugin';
import { FEDERATION_RUNTIME_DEFINES } from '../federation/runtime-core-plugin';
import { BUILD_FACTS_FILE } from '../headers';
import type { BuildFacts } from '../headers';
import { earlyStartPlugin } from '../inline-script/early-start-plugin';
import type { EarlyStartOptions } from '../inline-script/early-start-plugin';
import { prerenderPlugin } from '../prerender/prerender-plugin';
import { serviceWorkerPlugin } from '../service-worker/service-worker-plugin';
import { baseConfig } from './base-config';
import type { HostFederationConfig } from './federation-config';
import { muiWithoutCssVarsPlugins } from './internals/mui-without-css-vars';
import { buildConstantsPlugin } from './plugins/build-constants-plugin';
import { emitJson } from './plugins/emit-json-plugin';
import { extraPagePlugin, mainPagePlugin } from './plugins/html-page-plugin';
import type { ExtraPage } from './plugins/html-page-plugin';
import { INSTALLABLE_HEAD, webManifestPlugins } from './plugins/web-manifest-plugins';
import { sharedVersions } from './shared-versions';
import { fewChunks } from './split-chunks';

export interface HostOptions {
  /** The host's module-federation.config.ts. */
  federation: HostFederationConfig;
  /** The host's folder (where its rspack.config.ts is). */
  root: string;
  /** The title of the host's page. */
  title: string;
  /** The host's parsed build-time configuration, inlined as `__LOOFI_CONFIG__`. */
  config: PublicConfig;
  /** More compile-time constants, JSON-serialised into the bundle. */
  define?: Record<string, unknown>;
  /** The backend this build talks to. */
  backend: BackendChoice;
  /** More pages, each with its own entry (the account chooser). */
  pages?: readonly ExtraPage[];
  /**
   * A module (relative to `root`) and its function that renders the first screen:
   * production builds write it into index.html (see ../prerender).
   */
  prerender?: { module: string; exportName: string };
  /**
   * A script (relative to `root`) that production builds inline at the top of index.html,
   * with the URLs of the named chunk groups it may start fetching (see ../inline-script).
   */
  earlyStart?: Omit<EarlyStartOptions, 'filename'>;
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

/** The host's own constants, and what its runtime needs to know about what it provides. */
function hostConstants({ federation, root, backend, define = {} }: HostOptions) {
  return {
    values: {
      ...define,
      ...FEDERATION_RUNTIME_DEFINES,
      __LOOFI_SHARED_VERSIONS__: sharedVersions(
        root,
        backend,
        Object.keys(federation.shared) as SharedKey[],
      ),
      __LOOFI_BUNDLER_RUNTIME_VERSION__: bundlerRuntimeVersion(),
    },
  };
}

/** Where the host finds each remote when the site is served locally (a deploy writes its own). */
function localRemotesManifest(env: ToolingEnv) {
  const origins = Object.fromEntries(
    REMOTE_IDS.map((tab) => [tab, localOrigin(tab, env)]),
  ) as Record<TabName, string>;
  return emitJson('remotes.json', remotesManifestFor(origins));
}

/** What a production build does to the host's page: prerender it, install it, start early. */
function productionPagePlugins(
  { root, prerender, installable, earlyStart }: HostOptions,
  production: boolean,
): (RspackPluginInstance | null)[] {
  if (!production) return [];
  return [
    prerender
      ? prerenderPlugin({
          module: path.resolve(root, prerender.module),
          exportName: prerender.exportName,
          filenames: ['index.html'],
        })
      : null,
    installable
      ? serviceWorkerPlugin({
          entry: path.resolve(root, installable.serviceWorker),
          filename: 'sw.js',
          demo: installable.demo,
          chunkGroups: installable.chunkGroups,
        })
      : null,
    earlyStart
      ? earlyStartPlugin({
          ...earlyStart,
          entry: path.resolve(root, earlyStart.entry),
          filename: 'index.html',
        })
      : null,
  ];
}

/**
 * The Rspack configuration of the host: a plain single-page build, without the federation
 * plugin. Its signed-in chunk starts the federation runtime itself, registers the remotes
 * listed in `remotes.json` and provides its own React, rxjs and UI kit to them (see
 * host/src/features/remotes), so its first script carries no federation code at all.
 */
export function defineHost(options: HostOptions): Configuration {
  const { federation, root, title, config, backend, pages = [] } = options;
  if (federation.name !== APPS.host.federationName) {
    throw new Error(`The host's runtime registers as "${APPS.host.federationName}".`);
  }
  const env = loadToolingEnv();
  const production = env.NODE_ENV === 'production';
  const entries = Object.fromEntries(pages.map((page) => [page.name, page.entry]));
  const base = baseConfig({ app: 'host', root, env, production, entries });
  return {
    ...base,
    // The host serves client-side routes (/auth), so it needs an absolute base.
    output: { ...base.output, publicPath: '/', clean: true },
    plugins: [
      ...muiWithoutCssVarsPlugins(),
      mainPagePlugin(title, options.installable ? INSTALLABLE_HEAD : ''),
      buildConstantsPlugin({ config, production, env, ...hostConstants(options) }),
      ...pages.map((page) => extraPagePlugin(page)),
      localRemotesManifest(env),
      ...(options.installable ? webManifestPlugins(options.installable.name) : []),
      // What the servers' security headers are built from (see ../headers).
      emitJson(BUILD_FACTS_FILE, { config, backend } satisfies BuildFacts),
      // The local backend's demo library plays from the page's own origin.
      demoAssetsPlugin(),
      production ? null : new ReactRefreshRspackPlugin(),
      ...productionPagePlugins(options, production),
    ],
    optimization: { minimize: production, splitChunks: production ? fewChunks : false },
    devServer: { ...base.devServer, historyApiFallback: true, headers: {} },
  };
}
