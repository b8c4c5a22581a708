import { defineConfig } from 'vitest/config';
import { CONTRACT_VERSION } from '@loofi/shared/contracts';
import { loadEnv } from './src/config/env';

export default defineConfig({
  define: {
    __LOOFI_CONFIG__: JSON.stringify(loadEnv()),
    __CONTRACT_VERSION__: JSON.stringify(CONTRACT_VERSION),
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['@loofi/shared/testing/setup'],
  },
});
