import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    // Starting the Firestore emulator (a JVM) takes a second or two, more on a busy machine.
    hookTimeout: 60_000,
    testTimeout: 15_000,
    // Every denied write makes the Firestore SDK log its PERMISSION_DENIED stream error;
    // the tests assert those denials, so the log lines are noise.
    onConsoleLog: (log) => !log.includes('@firebase/firestore'),
  },
});
