export {
  APPS,
  APP_IDS,
  REMOTE_IDS,
  MANIFEST_FILE,
  EXPOSED_MODULE,
  remotesManifestFor,
} from './apps';
export type { AppDefinition, AppId, RemotesManifest } from './apps';
export { SHARED_KEYS, packageOfSharedKey, sharedSingletons } from './shared-deps';
export type { SharedDependency, SharedKey } from './shared-deps';
