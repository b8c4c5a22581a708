import { openDB } from 'idb';
import type { DBSchema, IDBPDatabase } from 'idb';
import type { Track } from '../../contracts';
import type { Credential, ErrorLogEntry } from '../ports';

/** The stores mirror the Firebase paths: `loofi-music`, `loofi-dashboard`, `logs`. */
export interface LocalSchema extends DBSchema {
  'loofi-music': { key: number; value: unknown };
  'loofi-dashboard': { key: string; value: Credential };
  logs: { key: number; value: ErrorLogEntry };
}

export type LocalStoreName = 'loofi-music' | 'loofi-dashboard' | 'logs';

export type LocalDatabase = IDBPDatabase<LocalSchema>;

const VERSION = 1;

/**
 * Opens (and on first use creates) the local database. A brand-new database is seeded with
 * `seed`, so a newcomer hears music at once; an owner who later empties the library keeps
 * it empty.
 */
export function openLocalDatabase(name: string, seed: readonly Track[]): Promise<LocalDatabase> {
  return openDB<LocalSchema>(name, VERSION, {
    upgrade(db, oldVersion, _newVersion, transaction) {
      if (oldVersion < 1) {
        db.createObjectStore('loofi-music', { autoIncrement: true });
        db.createObjectStore('loofi-dashboard');
        db.createObjectStore('logs', { autoIncrement: true });
        const music = transaction.objectStore('loofi-music');
        for (const track of seed) void music.add(track);
      }
    },
  });
}
