import type { FirebaseEmulatorHosts, FirebaseWebConfig } from './firebase/options';

/** Which backend a build talks to: read from the environment at build time (tooling/config). */
export type BackendChoice =
  | { kind: 'local' }
  | { kind: 'firebase'; config: FirebaseWebConfig; emulators?: FirebaseEmulatorHosts };
