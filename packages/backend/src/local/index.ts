export { createLocalBackend, DEFAULT_LOCAL_DATABASE } from './local-backend';
export type { LocalBackendOptions } from './local-backend';
