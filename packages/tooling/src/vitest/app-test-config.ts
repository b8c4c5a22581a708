import { defineConfig } from 'vitest/config';
import { CONTRACT_VERSION } from '@loofi/contracts';
import type { PublicConfig } from '@loofi/contracts';

/**
 * The Vitest configuration of every app: happy-dom, the shared setup, and the same
 * build-time constants the Rspack build inlines.
 */
export function appTestConfig(config: PublicConfig) {
  return defineConfig({
    define: {
      __LOOFI_CONFIG__: JSON.stringify(config),
      __CONTRACT_VERSION__: JSON.stringify(CONTRACT_VERSION),
      __LOOFI_PRODUCTION__: 'false',
    },
    test: {
      environment: 'happy-dom',
      setupFiles: ['@loofi/ui/test-setup'],
      // A component test drives a whole menu or panel by user events: on a loaded 2-core
      // machine that can take more than Vitest's default 5 s without anything being wrong.
      testTimeout: 15_000,
    },
  });
}
