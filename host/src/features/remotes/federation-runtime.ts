import { createInstance } from '@module-federation/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';
import * as runtimeCore from '@module-federation/runtime-core';
import { APPS } from '@loofi/shared/federation';
import type { FederationRuntime } from './remote-loader';
import { hostSharedModules } from './shared-modules';

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
 * never pays for it): it provides the host's singletons to the remotes, retries once on a
 * flaky network (kept short, so a dead remote shows its fallback within a few seconds) and
 * records at which step a remote failed (`errorLoadRemote`).
 */
export function createFederationRuntime(): FederationRuntime {
  // Remotes are built without the runtime's core and use this one (`externalRuntime`), so
  // the site downloads it once.
  (globalThis as { _FEDERATION_RUNTIME_CORE?: unknown })._FEDERATION_RUNTIME_CORE = runtimeCore;

  const failedSteps = new Map<string, Lifecycle>();
  const failureRecorder: ModuleFederationRuntimePlugin = {
    name: 'loofi-failure-recorder',
    errorLoadRemote({ id, lifecycle }) {
      failedSteps.set(id, lifecycle);
      // Returning nothing lets the error reach the loader, which shows the tab's fallback.
      return undefined;
    },
  };

  const instance = createInstance({
    name: APPS.host.federationName,
    remotes: [],
    shared: hostSharedModules(__LOOFI_SHARED_VERSIONS__),
    // 'version-first' would fetch every remote entry at start, so one dead remote could keep
    // the shell from mounting; 'loaded-first' only touches a remote when it is used.
    shareStrategy: 'loaded-first',
    plugins: [
      // The fetch retry waits its built-in second before its one retry.
      RetryPlugin({ fetch: { retryTimes: 1 }, script: { retryTimes: 1, retryDelay: 300 } }),
      failureRecorder,
    ],
  });

  return {
    registerRemotes: (remotes, options) => instance.registerRemotes(remotes, options),
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
