import { emulatorsUnavailableReason } from '@loofi/firebase/emulators';
import type { RunningEmulators } from '@loofi/firebase/emulators';
import { startTestEmulators } from '@loofi/firebase/emulators/vitest';
import { databaseRules } from '@loofi/firebase/rules';
import type { ContractHarness } from '../contract-harness';
import type { ErrorLogEntry } from '../ports';
import { createFirebaseBackend } from './firebase-backend';
import { LIBRARY_PATH } from './firebase-library';
import { LOGS_COLLECTION } from './firestore-ports';

const OWNER = 'owner@example.org';

/** The Firebase adapter against local emulators (Auth, Firestore, Realtime Database). */
export function firebaseHarness(): ContractHarness {
  let emulators: RunningEmulators | null = null;
  let clients = 0;
  const running = (): RunningEmulators => {
    if (emulators === null) throw new Error('The Firebase emulators are not started (setUp).');
    return emulators;
  };

  return {
    name: 'firebase',
    unavailable: emulatorsUnavailableReason(),
    async setUp() {
      // The rules as deployed, for the account the clients sign in with: a write the
      // production database would refuse fails here too.
      emulators = await startTestEmulators({ databaseRules: databaseRules([OWNER]) });
    },
    async tearDown() {
      await emulators?.stop();
      emulators = null;
    },
    async reset() {
      await running().clearData();
    },
    async createClient({ chosenAccount = OWNER } = {}) {
      const { config, hosts } = running();
      clients += 1;
      const backend = await createFirebaseBackend({
        config,
        emulators: hosts,
        chooseAccount: async () => chosenAccount,
        // Apps of one name share one cache; each client must talk to the servers itself.
        appName: `contract-client-${clients}`,
      });
      // Signed in as the owner, like the dashboard's clients, unless the case is about
      // choosing (or not choosing) an account.
      if (chosenAccount === OWNER) await backend.auth.signInWithPopup();
      return backend;
    },
    disconnect: () => running().stopDatabase(),
    reconnect: () => running().startDatabase(),
    writeRawTrack: (key, value) => running().setDatabaseValue(`${LIBRARY_PATH}/${key}`, value),
    async readLogs() {
      const documents = await running().listDocuments(LOGS_COLLECTION);
      return documents.map((document) => document.data as unknown as ErrorLogEntry);
    },
  };
}
