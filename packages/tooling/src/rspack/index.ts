export { createAppConfig } from './create-app-config';
export type { AppConfigOptions } from './create-app-config';
