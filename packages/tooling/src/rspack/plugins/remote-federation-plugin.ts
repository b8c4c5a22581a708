import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { MANIFEST_FILE } from '@loofi/contracts/apps';
import { DEMO_ASSETS_PLUGIN } from '../../demo';
import { FEDERATION_RUNTIME_CORE_PLUGIN } from '../../federation/runtime-core-plugin';
import type { FederationRuntimeCorePlugin } from '../../federation/runtime-core-plugin';
import type { RemoteFederationConfig } from '../federation-config';
import { EMIT_JSON_PLUGIN } from './emit-json-plugin';

/** The federation plugin of a remote: its module-federation.config.ts and what every remote sets. */
export function remoteFederationPlugin(
  federation: RemoteFederationConfig,
  /** What the remote's own runtime script records in its manifest (see ../../federation). */
  manifestData: FederationRuntimeCorePlugin['manifestData'],
): ModuleFederationPlugin {
  return new ModuleFederationPlugin({
    name: federation.name,
    shared: federation.shared,
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
    exposes: federation.exposes,
    manifest: { fileName: MANIFEST_FILE, additionalData: manifestData },
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
}
