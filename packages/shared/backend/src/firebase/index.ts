export { createFirebaseBackend } from './firebase-backend';
export type { FirebaseBackendOptions, FirebaseEmulatorHosts, FirebaseWebConfig } from './options';
export { FIREBASE_SHARED_MODULES } from './shared-modules';
export type { FirebaseSharedModules } from './shared-modules';
