export {
  APPS,
  APP_IDS,
  REMOTE_IDS,
  MANIFEST_FILE,
  EXPOSED_MODULE,
  chunkLoadingGlobal,
  remotesManifestFor,
} from './apps';
export type { AppDefinition, AppId, RemotesManifest } from './apps';
export {
  FIREBASE_SHARED_KEYS,
  RXJS_SHARED_EXPORTS,
  SHARED_KEYS,
  isFirebaseSharedKey,
  packageOfSharedKey,
  sharedSingletons,
} from './shared-deps';
export type {
  FirebaseSharedKey,
  HostSharedKey,
  RxjsSharedExport,
  SharedDependency,
  SharedKey,
  SharedVersions,
} from './shared-deps';
export { BUNDLER_RUNTIME_GLOBAL, bundlerRuntimeExpression } from './bundler-runtime';
export { DEFAULT_POLICY_NAME, SCRIPT_POLICY_NAME } from './script-policy';
export { REMOTE_BUILD_FIELD, remoteBuildOf } from './remote-build';
export type { RemoteBuild } from './remote-build';
