export { bundlerRuntimeVersion, externalBundlerRuntimePlugin } from './bundler-runtime-plugin';
export {
  FEDERATION_RUNTIME_CORE_PLUGIN,
  FEDERATION_RUNTIME_DEFINES,
  federationRuntimeCorePlugin,
} from './runtime-core-plugin';
export type { FederationRuntimeCorePlugin } from './runtime-core-plugin';
