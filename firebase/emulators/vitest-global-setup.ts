import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from './auth';
import type { AuthEmulator } from './auth';
import { DEFAULT_PROJECT_ID, emulatorsUnavailableReason } from './index';
import { claimPort, EMULATOR_HOST } from './network';

/**
 * A Vitest global setup: one Auth emulator for all of a project's test files, which
 * `startTestEmulators()` (`./vitest.ts`) hands to each. Its start (firebase-tools compiles
 * the Auth API's schema) costs about 12 CPU-seconds, once instead of once per file. It starts
 * in the background on a port claimed first, so the run does not wait for it: a file waits
 * when it asks for it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Where the emulators cannot run, the files skip their tests, saying why.
  if (emulatorsUnavailableReason() !== null) {
    project.provide('firebaseAuthEmulatorUrl', null);
    return async () => undefined;
  }
  const port = await claimPort(0);
  const started: Promise<AuthEmulator | null> = startAuthEmulator({
    projectId: DEFAULT_PROJECT_ID,
    port,
  }).catch((error: unknown) => {
    // The files that asked for it time out saying where it should have answered.
    console.error(error);
    return null;
  });
  project.provide('firebaseAuthEmulatorUrl', `http://${EMULATOR_HOST}:${port}`);
  return async () => {
    await (await started)?.stop();
  };
}
