import { openDB } from 'idb';
import type { DBSchema, IDBPDatabase } from 'idb';
import type { StoredTrack } from '@loofi/contracts';
import type { LibraryDisk, QueuedChange } from './offline-library';

interface KeptSchema extends DBSchema {
  kept: {
    key: 'library' | 'queue';
    value: unknown;
  };
}

const isList = (value: unknown): value is unknown[] => Array.isArray(value);

/**
 * The Firebase library's copy on disk, in the browser's IndexedDB (one database per
 * Firebase project): the last list the database sent, and the changes queued offline.
 */
export function indexedDbLibraryDisk(projectId: string): LibraryDisk {
  const name = `loofi-firebase-${projectId}`;
  let opened: Promise<IDBPDatabase<KeptSchema>> | null = null;
  const db = () =>
    (opened ??= openDB<KeptSchema>(name, 1, {
      upgrade(database) {
        database.createObjectStore('kept');
      },
    }).catch((error: unknown) => {
      opened = null;
      throw error;
    }));
  return {
    async readLibrary() {
      const value = await (await db()).get('kept', 'library');
      // Read defensively: only entries with a key and four text fields.
      return isList(value)
        ? (value.filter(
            (entry) =>
              typeof entry === 'object' &&
              entry !== null &&
              ['key', 'title', 'author', 'audio', 'image'].every(
                (field) => typeof (entry as Record<string, unknown>)[field] === 'string',
              ),
          ) as StoredTrack[])
        : null;
    },
    async writeLibrary(tracks) {
      await (await db()).put('kept', [...tracks], 'library');
    },
    async readQueue() {
      const value = await (await db()).get('kept', 'queue');
      return isList(value) ? (value as QueuedChange[]) : [];
    },
    async writeQueue(changes) {
      await (await db()).put('kept', [...changes], 'queue');
    },
    exclusive(task) {
      const locks = (globalThis.navigator as Navigator | undefined)?.locks;
      return locks ? locks.request(`${name}-queue`, task) : task();
    },
  };
}
