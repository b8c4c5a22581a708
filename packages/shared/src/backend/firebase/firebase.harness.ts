import { emulatorsUnavailableReason, startEmulators } from '@loofi/firebase/emulators';
import type { RunningEmulators } from '@loofi/firebase/emulators';
import type { ContractHarness } from '../contract-harness';
import type { ErrorLogEntry } from '../ports';
import { createFirebaseBackend } from './firebase-backend';
import { LIBRARY_PATH } from './firebase-library';
import { LOGS_COLLECTION } from './firestore-ports';

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
      emulators = await startEmulators();
    },
    async tearDown() {
      await emulators?.stop();
      emulators = null;
    },
    async reset() {
      await running().clearData();
    },
    createClient({ chosenAccount = 'owner@example.org' } = {}) {
      const { config, hosts } = running();
      clients += 1;
      return createFirebaseBackend({
        config,
        emulators: hosts,
        chooseAccount: async () => chosenAccount,
        // Apps of one name share one cache; each client must talk to the servers itself.
        appName: `contract-client-${clients}`,
      });
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
