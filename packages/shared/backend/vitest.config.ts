import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'happy-dom',
    setupFiles: ['@loofi/ui/test-setup'],
    // One Auth emulator for the files that run the Firebase adapter on the emulators.
    globalSetup: ['@loofi/firebase/emulators/vitest-global-setup'],
  },
});
