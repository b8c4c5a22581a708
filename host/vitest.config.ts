import { appTestConfig } from '@loofi/tooling/vitest';
import { loadEnv } from './src/config/env';

export default appTestConfig(loadEnv().publicConfig);
