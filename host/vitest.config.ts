import { appTestConfig } from '@loofi/tooling/vitest';
import { loadEnv } from './config/env';

export default appTestConfig(loadEnv().publicConfig);
