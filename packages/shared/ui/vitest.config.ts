import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'happy-dom',
    // As the apps' tests (@loofi/tooling/vitest): one process per worker, each file fresh.
    isolate: false,
    setupFiles: ['./src/test-setup.ts'],
  },
});
