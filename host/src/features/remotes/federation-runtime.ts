import { createInstance, registerGlobalPlugins } from '@module-federation/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import * as runtimeCore from '@module-federation/runtime-core';
import bundlerRuntime from '@module-federation/webpack-bundler-runtime';
import { APPS, EXPOSED_MODULE } from '@loofi/contracts/apps';
import {
  forgetLoadedChunks,
  provideBundlerRuntime,
  provideRuntimeCore,
  sitePolicy,
} from '@loofi/federation';
import { rememberFirstScripts } from '../early-start/start-hint';
import { ensureBundlerRuntime } from './bundler-runtime-fallback';
import { createLoadingPlugin } from './loading-plugin';
import { firstScripts, sharedNamesOf } from './manifest-files';
import type { FederationRuntime } from './remote-loader';
import {
  HOST_MODULES,
  hostSharedModules,
  startSharedModules,
  treeShakenSharesPlugin,
  withFirebase,
} from './shared-modules';

type Lifecycle = 'beforeRequest' | 'beforeLoadShare' | 'afterResolve' | 'onLoad';

/** What the owner is told about the step at which loading a remote failed. */
const FAILED_STEP: Record<Lifecycle, string> = {
  beforeRequest: 'its address could not be resolved',
  afterResolve: 'its manifest or entry could not be fetched',
  onLoad: 'its code failed to load',
  beforeLoadShare: 'its shared libraries could not be resolved',
};

/**
 * The host's federation runtime, started when the dashboard's chunk loads (the sign-in page
 * never pays for it): it provides the host's singletons to the remotes (in a Firebase build,
 * the backend's Firebase SDK too), fetches them through ./loading-plugin (early and
 * prefetched manifests, the host modules a remote needs started beside its entry, one retry
 * on a flaky network) and records at which step a remote failed (`errorLoadRemote`).
 */
export function createFederationRuntime(): FederationRuntime {
  // Remotes are built without the runtime's core and use this one (`externalRuntime`), so
  // the site downloads it once.
  provideRuntimeCore(runtimeCore, { keepExisting: false });
  // Nor do they carry the bundler runtime above it (nor its runtime and SDK): each remote
  // entry of this major takes this copy, with state of its own (@loofi/federation); one of
  // another major brings its own (./bundler-runtime-fallback).
  provideBundlerRuntime(bundlerRuntime, __LOOFI_BUNDLER_RUNTIME_VERSION__);

  const failedSteps = new Map<string, Lifecycle>();
  const failureRecorder: ModuleFederationRuntimePlugin = {
    name: 'loofi-failure-recorder',
    errorLoadRemote({ id, lifecycle }) {
      failedSteps.set(id, lifecycle);
      // Returning nothing lets the error reach the loader, which shows the tab's fallback.
      return undefined;
    },
  };

  // The backend's kind is a build-time constant (host/rspack.config.ts): a local build's
  // bundle holds none of the Firebase branch, not even the import of its chunk.
  const modules =
    __LOOFI_HOST_CONFIG__.backend.kind === 'firebase'
      ? withFirebase(HOST_MODULES, () =>
          // The chunk app/backend.ts loaded at start (same name): asking downloads nothing.
          import(/* webpackChunkName: "firebase-backend" */ '@loofi/backend/firebase').then(
            (firebase) => firebase.FIREBASE_SHARED_MODULES,
          ),
        )
      : HOST_MODULES;
  // A remote resolves what it consumes in its own instance, created when its entry starts:
  // a global plugin is in each of them.
  registerGlobalPlugins([treeShakenSharesPlugin]);
  const loading = createLoadingPlugin({
    onManifest: (manifest, manifestUrl) => {
      const shared = sharedNamesOf(manifest);
      startSharedModules(modules, shared);
      // For the next visit's start script (../early-start/start-hint).
      rememberFirstScripts(
        manifestUrl,
        firstScripts(manifestUrl, manifest, EXPOSED_MODULE),
        shared,
      );
    },
    beforeEntry: (manifest, manifestUrl) => ensureBundlerRuntime(manifest, manifestUrl),
  });
  const instance = createInstance({
    name: APPS.host.federationName,
    remotes: [],
    shared: hostSharedModules(modules, __LOOFI_SHARED_VERSIONS__),
    // 'version-first' would fetch every remote entry at start, so one dead remote could keep
    // the shell from mounting; 'loaded-first' only touches a remote when it is used.
    shareStrategy: 'loaded-first',
    plugins: [loading.plugin, failureRecorder],
  });

  return {
    registerRemotes: (remotes, options) => {
      // The remotes remotes.json names are the only other origins scripts may come from.
      sitePolicy().admit(remotes.map((remote) => remote.entry));
      if (options?.force) {
        // A remote loaded again (a redeploy, a failure) starts from a fresh chunk list: its
        // new runtime must not take in the chunks the previous one had loaded.
        for (const remote of remotes) forgetLoadedChunks(remote.name);
      }
      instance.registerRemotes(remotes, options);
    },
    prefetchManifest: (url) => loading.prefetchManifest(url),
    async loadRemote<T>(id: string) {
      failedSteps.delete(id);
      try {
        return await instance.loadRemote<T>(id);
      } catch (error) {
        const step = failedSteps.get(id);
        if (!step) throw error;
        throw new Error(FAILED_STEP[step], { cause: error });
      }
    },
  };
}
