export { createLocalBackend } from './local-backend';
export type { LocalBackendOptions } from './local-backend';
