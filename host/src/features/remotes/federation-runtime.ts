import { getInstance } from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';
import type { FederationRuntime } from './remote-loader';

type Lifecycle = 'beforeRequest' | 'beforeLoadShare' | 'afterResolve' | 'onLoad';

/** What the owner is told about the step at which loading a remote failed. */
const FAILED_STEP: Record<Lifecycle, string> = {
  beforeRequest: 'its address could not be resolved',
  afterResolve: 'its manifest or entry could not be fetched',
  onLoad: 'its code failed to load',
  beforeLoadShare: 'its shared libraries could not be resolved',
};

/**
 * The host's federation runtime: the instance the build created, with a retry for flaky
 * networks (kept short, so a dead remote shows its fallback within a few seconds) and an
 * `errorLoadRemote` hook that records at which step a remote failed.
 */
export function createFederationRuntime(): FederationRuntime {
  const instance = getInstance();
  if (!instance) throw new Error('The Module Federation runtime was not initialised by the build.');

  const failedSteps = new Map<string, Lifecycle>();
  const failureRecorder: ModuleFederationRuntimePlugin = {
    name: 'loofi-failure-recorder',
    errorLoadRemote({ id, lifecycle }) {
      failedSteps.set(id, lifecycle);
      // Returning nothing lets the error reach the loader, which shows the tab's fallback.
      return undefined;
    },
  };

  instance.registerPlugins([
    // The fetch retry waits its built-in second before its one retry.
    RetryPlugin({ fetch: { retryTimes: 1 }, script: { retryTimes: 1, retryDelay: 300 } }),
    failureRecorder,
  ]);

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
