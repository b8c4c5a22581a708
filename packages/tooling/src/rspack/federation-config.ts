import type { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { APPS, APP_IDS } from '@loofi/contracts/apps';
import type { AppId, EXPOSED_MODULE, SharedDependency, SharedKey } from '@loofi/contracts/apps';

type PluginOptions = ConstructorParameters<typeof ModuleFederationPlugin>[0];

/** A remote's module-federation.config.ts: what its build passes to the federation plugin. */
export interface RemoteFederationConfig {
  /** The container's name, the remote's `APPS[id].federationName`. */
  name: string;
  /** The one module the host loads (`./App`), and the file it is. */
  exposes: Record<typeof EXPOSED_MODULE, string>;
  shared: NonNullable<PluginOptions['shared']>;
}

/**
 * The host's module-federation.config.ts. The host is built without the federation plugin;
 * its runtime (host/src/features/remotes) registers under this name and provides these
 * singletons, and the build records the version of each it bundles.
 */
export interface HostFederationConfig {
  name: string;
  shared: Record<SharedKey, SharedDependency>;
}

/** The app whose federation name is `name`. */
export function appNamed(name: string): AppId {
  const app = APP_IDS.find((id) => APPS[id].federationName === name);
  if (!app) {
    const names = APP_IDS.map((id) => APPS[id].federationName).join(', ');
    throw new Error(`"${name}" is not the federation name of a loofi app (${names}).`);
  }
  return app;
}
