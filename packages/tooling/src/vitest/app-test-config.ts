import { defineConfig } from 'vitest/config';
import { CONTRACT_VERSION } from '@loofi/contracts';
import type { PublicConfig } from '@loofi/contracts';

/**
 * The Vitest configuration of every app: happy-dom, the shared setup, and the same
 * build-time constants the Rspack build inlines.
 *
 * A worker runs its files one after another in one process and one document
 * (`isolate: false`): React, MUI and happy-dom load once per worker instead of once per
 * file, which takes the host's tests from 150 to 33 CPU-seconds. The shared setup
 * (`@loofi/ui/test-setup`) starts each file with our modules evaluated afresh and an empty
 * storage and page.
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
      isolate: false,
      setupFiles: ['@loofi/ui/test-setup'],
      // A component test drives a whole menu or panel by user events: on a loaded 2-core
      // machine that can take more than Vitest's default 5 s without anything being wrong.
      testTimeout: 15_000,
    },
  });
}
