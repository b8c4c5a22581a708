/** Where the emulators listen; the same shape as the adapter's `FirebaseEmulatorHosts`. */
export interface FirebaseEmulatorHosts {
  authUrl: string;
  firestore: { host: string; port: number };
  database: { host: string; port: number };
}

/** The web app settings a client of the emulators uses. */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  databaseURL: string;
  appId: string;
}
import { authEmulatorUnavailableReason, runningAuthEmulator, startAuthEmulator } from './auth';
import type { AuthEmulator } from './auth';
import { databaseEmulatorUnavailableReason, startDatabaseEmulator } from './database';
import type { DatabaseEmulator } from './database';
import { firestoreEmulatorUnavailableReason, startFirestoreEmulator } from './firestore';
import type { FirestoreEmulator } from './firestore';
import { clearFirestore, listDocuments } from './firestore-rest';
import type { EmulatedDocument } from './firestore-rest';

export type { EmulatedDocument } from './firestore-rest';

/**
 * How long a test waits for the emulators to deliver a snapshot (`vi.waitFor`'s options):
 * its default second is too short on a busy 2-core machine running tests side by side.
 */
export const EMULATOR_WAIT = { timeout: 10_000, interval: 50 } as const;

/** A `demo-` project never reaches a real Firebase project, even by mistake. */
export const DEFAULT_PROJECT_ID = 'demo-loofi';

export interface StartEmulatorsOptions {
  projectId?: string;
  /** Fixed ports (a developer's `FIREBASE_EMULATORS=1` session); free ones when omitted. */
  ports?: { auth?: number; firestore?: number; database?: number };
  /** Firestore rules loaded at start; without it the emulator's own open default applies. */
  firestoreRulesPath?: string;
  /** Realtime Database rules checked on every client request; without them all is allowed. */
  databaseRules?: object;
  /**
   * An Auth emulator that is already running (it serves any project): used instead of
   * starting one, and left running by stop(). A test run shares one (`./vitest.ts`).
   */
  authUrl?: string;
}

export interface RunningEmulators {
  readonly projectId: string;
  readonly hosts: FirebaseEmulatorHosts;
  /** A web config for the emulated project (demo values; only the emulators read it). */
  readonly config: FirebaseWebConfig;
  /** Drops the Realtime Database connection of every client, keeping its data. */
  stopDatabase(): Promise<void>;
  /** Brings it back on the same port; clients reconnect on their own. */
  startDatabase(): Promise<void>;
  /** Empties the Realtime Database, every Firestore document and every Auth account. */
  clearData(): Promise<void>;
  /** Writes a raw value into the Realtime Database ('' is the root), bypassing every check. */
  setDatabaseValue(path: string, value: unknown): Promise<void>;
  /** The Realtime Database's value at a path ('' is the root), read past every check. */
  databaseValue(path: string): Promise<unknown>;
  /** The documents of a Firestore collection, read past the rules. */
  listDocuments(collectionId: string): Promise<EmulatedDocument[]>;
  stop(): Promise<void>;
}

/** Why the emulators cannot run on this machine (no Java, no jar …), or null. */
export function emulatorsUnavailableReason(): string | null {
  return (
    authEmulatorUnavailableReason() ??
    databaseEmulatorUnavailableReason() ??
    firestoreEmulatorUnavailableReason()
  );
}

/**
 * Auth (firebase-tools), Firestore (the Cloud SDK jar) and the Realtime Database
 * (firebase-server), all offline, started side by side. Child processes end with stop()
 * and with this process.
 */
export async function startEmulators(
  options: StartEmulatorsOptions = {},
): Promise<RunningEmulators> {
  const reason = emulatorsUnavailableReason();
  if (reason !== null) throw new Error(reason);
  const projectId = options.projectId ?? DEFAULT_PROJECT_ID;

  const started = await Promise.allSettled([
    options.authUrl === undefined
      ? startAuthEmulator({ projectId, port: options.ports?.auth })
      : runningAuthEmulator(options.authUrl, projectId),
    startFirestoreEmulator({
      projectId,
      port: options.ports?.firestore,
      rulesPath: options.firestoreRulesPath,
    }),
    startDatabaseEmulator({ port: options.ports?.database, rules: options.databaseRules }),
  ] as const);
  const [authResult, firestoreResult, databaseResult] = started;
  if (
    authResult.status === 'rejected' ||
    firestoreResult.status === 'rejected' ||
    databaseResult.status === 'rejected'
  ) {
    await Promise.all(
      started.map((result) =>
        result.status === 'fulfilled' ? stopOne(result.value) : Promise.resolve(),
      ),
    );
    const failure = started.find((result) => result.status === 'rejected');
    throw failure?.reason instanceof Error ? failure.reason : new Error(String(failure?.reason));
  }
  const auth = authResult.value;
  const firestore = firestoreResult.value;
  const database = databaseResult.value;

  const hosts: FirebaseEmulatorHosts = {
    authUrl: auth.url,
    firestore: { host: firestore.host, port: firestore.port },
    database: { host: database.host, port: database.port },
  };
  let stopped = false;

  return {
    projectId,
    hosts,
    config: {
      apiKey: 'demo-api-key',
      authDomain: `${projectId}.firebaseapp.com`,
      projectId,
      databaseURL: `http://${database.host}:${database.port}?ns=${projectId}`,
      appId: `1:000000000000:web:${projectId}`,
    },
    stopDatabase: () => database.stop(),
    startDatabase: () => database.start(),
    async clearData() {
      await database.start();
      await Promise.all([
        database.setValue('', null),
        clearFirestore(firestore, projectId),
        auth.clear(),
      ]);
    },
    setDatabaseValue: (path, value) => database.setValue(path, value),
    databaseValue: (path) => database.value(path),
    listDocuments: (collectionId) => listDocuments(firestore, projectId, collectionId),
    async stop() {
      if (stopped) return;
      stopped = true;
      await Promise.all([auth.stop(), firestore.stop(), database.close()]);
    },
  };
}

function stopOne(emulator: AuthEmulator | FirestoreEmulator | DatabaseEmulator): Promise<void> {
  return 'close' in emulator ? emulator.close() : emulator.stop();
}
