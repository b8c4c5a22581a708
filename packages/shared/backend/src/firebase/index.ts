export { createFirebaseBackend } from './firebase-backend';
export type { FirebaseBackendOptions, FirebaseEmulatorHosts, FirebaseWebConfig } from './options';
