export { APPS, REMOTE_IDS, MANIFEST_FILE, EXPOSED_MODULE, remotesManifestFor } from './apps';
export type { AppDefinition, AppId, RemotesManifest } from './apps';
export { sharedSingletons } from './shared-deps';
export type { SharedDependency } from './shared-deps';
