import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from './auth';
import type { AuthEmulator } from './auth';
import { DEFAULT_PROJECT_ID, emulatorsUnavailableReason } from './index';

/**
 * A Vitest global setup: one Auth emulator for all of a project's test files, which
 * `startTestEmulators()` (`./vitest.ts`) hands to each. Its start (firebase-tools compiles
 * the Auth API's schema) costs about 12 CPU-seconds, once instead of once per file. The run
 * waits only until its port is taken: a file's requests wait there until it serves.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Where the emulators cannot run, the files skip their tests, saying why.
  if (emulatorsUnavailableReason() !== null) {
    project.provide('firebaseAuthEmulatorUrl', null);
    return async () => undefined;
  }
  let bound!: (url: string) => void;
  const url = new Promise<string>((resolve) => (bound = resolve));
  const started: Promise<AuthEmulator> = startAuthEmulator({
    projectId: DEFAULT_PROJECT_ID,
    onBound: bound,
  });
  // A start that fails before it even has a port fails the run, saying why.
  project.provide('firebaseAuthEmulatorUrl', await Promise.race([url, started.then(() => url)]));
  const running = started.catch((error: unknown) => {
    // The files that asked for it time out saying where it should have answered.
    console.error(error);
    return null;
  });
  return async () => {
    await (await running)?.stop();
  };
}
