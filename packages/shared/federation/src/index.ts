export {
  BUNDLER_RUNTIME_ENTRY,
  bundlerRuntimeRegistry,
  provideBundlerRuntime,
} from './internals/bundler-runtime';
export type { BundlerRuntimeModule, BundlerRuntimeRegistry } from './internals/bundler-runtime';
export { installSitePolicy, sitePolicy } from './internals/script-policy';
export type { ScriptUrl, SitePolicy, SitePolicyOptions } from './internals/script-policy';
export {
  cacheManifest,
  forgetEntryLoading,
  forgetLoadedChunks,
  provideRuntimeCore,
} from './internals/runtime-state';
export type { ManifestCacheHolder } from './internals/runtime-state';
