import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { BehaviorSubject } from 'rxjs';
import type { ContractHarness } from '../contract-harness';
import type { ErrorLogEntry } from '../ports';
import { createLocalBackend } from './local-backend';

/** The local adapter on fake-indexeddb, one fresh database per case. */
export function localHarness(): ContractHarness {
  let run = 0;
  let databaseName = '';
  const online = new BehaviorSubject(true);
  const open = () => openDB(databaseName);

  return {
    name: 'local',
    unavailable: null,
    async setUp() {},
    async tearDown() {},
    async reset() {
      run += 1;
      databaseName = `loofi-contract-${run}`;
      online.next(true);
    },
    createClient({ chosenAccount = 'owner@loofi.local' } = {}) {
      return createLocalBackend({
        databaseName,
        online$: online,
        chooseAccount: async () => chosenAccount,
      });
    },
    async disconnect() {
      online.next(false);
    },
    async reconnect() {
      online.next(true);
    },
    async writeRawTrack(key, value) {
      const db = await open();
      await db.put('loofi-music', value, Number(key));
      db.close();
    },
    async readLogs() {
      const db = await open();
      const logs = (await db.getAll('logs')) as ErrorLogEntry[];
      db.close();
      return logs;
    },
  };
}
