import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * `pnpm test:unit`: every package's own Vitest configuration, run as one pool. One pool
 * keeps both cores busy where a run per package would wait on the slowest package of each
 * step, and one worker more than the cores fills the time the emulator tests spend waiting
 * on the JVM. A package alone: `pnpm --filter <package> test`.
 */
export default defineConfig({
  test: {
    projects: [
      'packages/shared/*/vitest.config.ts',
      'packages/tooling',
      'firebase/vitest.config.ts',
      'host/vitest.config.ts',
      'remotes/*/vitest.config.ts',
    ],
    maxWorkers: availableParallelism() + 1,
  },
});
