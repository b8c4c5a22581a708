import { defineConfig } from 'vitest/config';
import { CONTRACT_VERSION } from '@loofi/shared/contracts';
import type { PublicConfig } from '@loofi/shared/contracts';

/**
 * The Vitest configuration of every app: happy-dom, the shared setup, and the same
 * build-time constants the Rspack build inlines.
 */
export function appTestConfig(config: PublicConfig) {
  return defineConfig({
    define: {
      __LOOFI_CONFIG__: JSON.stringify(config),
      __CONTRACT_VERSION__: JSON.stringify(CONTRACT_VERSION),
    },
    test: {
      environment: 'happy-dom',
      setupFiles: ['@loofi/shared/testing/setup'],
    },
  });
}
