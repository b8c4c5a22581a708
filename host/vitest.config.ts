import { mergeConfig } from 'vitest/config';
import { appTestConfig } from '@loofi/tooling/vitest';
import { loadEnv } from './config/env';

const { publicConfig, hostConfig } = loadEnv();

export default mergeConfig(appTestConfig(publicConfig), {
  // The build inlines the host's configuration (rspack.config.ts); tests get this machine's.
  define: { __LOOFI_HOST_CONFIG__: JSON.stringify(hostConfig) },
});
