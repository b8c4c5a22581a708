import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { startEmulators } from './index';
import type { RunningEmulators, StartEmulatorsOptions } from './index';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The project's shared Auth emulator (`./vitest-global-setup.ts`); null where it cannot run. */
    firebaseAuthEmulatorUrl: string | null;
  }
}

/**
 * The emulators for one test file of a Vitest project whose global setup is
 * `@loofi/firebase/emulators/vitest-global-setup`: a Firestore and a Realtime Database of the
 * file's own, and the project's one Auth emulator. Each file has a project of its own, so that
 * files running at once never clear or see each other's accounts.
 */
export function startTestEmulators(
  options: Omit<StartEmulatorsOptions, 'projectId' | 'authUrl' | 'ports'> = {},
): Promise<RunningEmulators> {
  return startEmulators({
    ...options,
    projectId: `demo-loofi-${randomUUID().slice(0, 8)}`,
    authUrl: inject('firebaseAuthEmulatorUrl') ?? undefined,
  });
}
