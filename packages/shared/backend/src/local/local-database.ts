import { openDB } from 'idb';
import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import { readStoredTrack, trackIdentity } from '@loofi/contracts';
import type { Track } from '@loofi/contracts';
import type { Credential, ErrorLogEntry } from '../ports';

/** A library entry as this backend stores it: the track and its identity (SPEC §5). */
export type LocalTrackEntry = Track & { identity: string };

/** The stores mirror the Firebase paths: `loofi-music`, `loofi-dashboard`, `logs`. */
export interface LocalSchema extends DBSchema {
  'loofi-music': {
    key: number;
    // What is stored may be anything (an older version, another tool): it is read defensively.
    value: unknown;
    // Unique: two tabs adding the same music at once cannot both write it.
    indexes: { identity: string };
  };
  'loofi-dashboard': { key: string; value: Credential };
  logs: { key: number; value: ErrorLogEntry };
}

export type LocalStoreName = 'loofi-music' | 'loofi-dashboard' | 'logs';

export type LocalDatabase = IDBPDatabase<LocalSchema>;

const VERSION = 2;

export const IDENTITY_INDEX = 'identity';

export function localEntry(track: Track): LocalTrackEntry {
  return { ...track, identity: trackIdentity(track) };
}

type UpgradeTransaction = IDBPTransaction<
  LocalSchema,
  ArrayLike<StoreNames<LocalSchema>>,
  'versionchange'
>;

/**
 * Version 1 stored bare tracks. Each readable one gets its identity, the first of a set of
 * duplicates only (the others stay, readable, outside the unique index), then the index.
 */
async function indexIdentities(transaction: UpgradeTransaction): Promise<void> {
  const music = transaction.objectStore('loofi-music');
  const seen = new Set<string>();
  let cursor = await music.openCursor();
  while (cursor) {
    const read = readStoredTrack(cursor.value);
    if ('track' in read) {
      const identity = trackIdentity(read.track);
      if (!seen.has(identity)) {
        seen.add(identity);
        await cursor.update({ ...(cursor.value as object), identity });
      }
    }
    cursor = await cursor.continue();
  }
  music.createIndex(IDENTITY_INDEX, IDENTITY_INDEX, { unique: true });
}

/** The tracks of a brand-new library: a list, or a promise of one (a chunk to download). */
export type LibrarySeed = readonly Track[] | (() => Promise<readonly Track[]>);

/** Whether the browser already has this database; undefined where it cannot say. */
async function databaseExists(name: string): Promise<boolean | undefined> {
  if (typeof indexedDB.databases !== 'function') return undefined;
  try {
    return (await indexedDB.databases()).some((database) => database.name === name);
  } catch {
    return undefined;
  }
}

/**
 * Opens (and on first use creates) the local database. A brand-new database is created and
 * seeded with `seed` in one step, so a newcomer hears music at once, and a first visit cut
 * short can never leave an empty library behind; an owner who later empties the library
 * keeps it empty. The seed (a chunk to download) is asked for only when the database does
 * not exist yet; if it cannot be had, opening fails and is tried again, creating nothing.
 */
export async function openLocalDatabase(name: string, seed: LibrarySeed): Promise<LocalDatabase> {
  const tracks =
    (await databaseExists(name)) === true ? [] : typeof seed === 'function' ? await seed() : seed;
  const upgrade = async (
    database: LocalDatabase,
    oldVersion: number,
    transaction: UpgradeTransaction,
  ) => {
    if (oldVersion < 1) {
      database.createObjectStore('loofi-music', { autoIncrement: true });
      database.createObjectStore('loofi-dashboard');
      database.createObjectStore('logs', { autoIncrement: true });
      const music = transaction.objectStore('loofi-music');
      for (const track of tracks) await music.add(localEntry(track));
    }
    if (oldVersion < 2) await indexIdentities(transaction);
  };
  return openDB<LocalSchema>(name, VERSION, {
    upgrade(database, oldVersion, _newVersion, transaction) {
      // Any failure ends the upgrade's transaction, so opening fails (and is tried again)
      // rather than leaving a half-made database; a failed request has already ended it.
      upgrade(database, oldVersion, transaction).catch(() => {
        try {
          transaction.abort();
        } catch {
          // Already aborted.
        }
      });
    },
  });
}

/**
 * A read-only transaction on one store. Its requests report any failure; its end is not
 * waited for, so the rejection of its `done` (clearing the site's data closes the
 * connection mid-read) is expected rather than an unhandled error, which idb's own
 * shortcuts (`db.get` …) would leave.
 */
export function readOnly<Name extends LocalStoreName>(db: LocalDatabase, store: Name) {
  const transaction = db.transaction(store);
  transaction.done.catch(() => undefined);
  return transaction;
}
