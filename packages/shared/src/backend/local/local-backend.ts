import type { Observable } from 'rxjs';
import {
  BehaviorSubject,
  distinctUntilChanged,
  filter,
  from,
  fromEvent,
  map,
  merge,
  of,
  shareReplay,
  startWith,
  Subject,
  switchMap,
} from 'rxjs';
import type { LibraryPort, StoredTrack, Track } from '../../contracts';
import { DuplicateTrackError, readStoredTrack, validateTrack } from '../track-validation';
import { boundedErrorLog, corruptEntryReport } from '../bounded-log';
import { PopupClosedError, readCredential, sameCredential } from '../ports';
import type { Backend, CredentialStore, ErrorLog } from '../ports';
import { IDENTITY_INDEX, localEntry, openLocalDatabase } from './local-database';
import type { LocalDatabase, LocalStoreName } from './local-database';

export interface LocalBackendOptions {
  /** The IndexedDB database; tests use a fresh one each. */
  databaseName?: string;
  /** Asks the owner for an account, like Google's popup: the e-mail, null when closed. */
  chooseAccount(): Promise<string | null>;
  /** Whether the network is up; by default the browser's online/offline state. */
  online$?: Observable<boolean>;
  /** Tracks for a brand-new database. */
  seed?: readonly Track[];
}

export const DEFAULT_LOCAL_DATABASE = 'loofi';

function browserOnline$(): Observable<boolean> {
  if (typeof window === 'undefined') return of(true);
  return merge(
    fromEvent(window, 'online').pipe(map(() => true)),
    fromEvent(window, 'offline').pipe(map(() => false)),
  ).pipe(startWith(navigator.onLine));
}

const credentialKey = (emailPrefix: string) => `${emailPrefix}-token`;

/**
 * The embedded default backend: IndexedDB in this browser, with every change broadcast to
 * the other tabs of the same browser, and a local account chooser for sign-in.
 */
export async function createLocalBackend(options: LocalBackendOptions): Promise<Backend> {
  const name = options.databaseName ?? DEFAULT_LOCAL_DATABASE;
  const db: LocalDatabase = await openLocalDatabase(name, options.seed ?? []);

  // Other tabs hear of a change through the channel; this tab through the subject.
  const changes = new Subject<LocalStoreName>();
  const channel = new BroadcastChannel(`loofi-local:${name}`);
  channel.onmessage = (event: MessageEvent<LocalStoreName>) => changes.next(event.data);
  const changed = (store: LocalStoreName) => {
    changes.next(store);
    channel.postMessage(store);
  };
  const whenChanged = <T>(store: LocalStoreName, read: () => Promise<T>): Observable<T> =>
    changes.pipe(
      filter((changedStore) => changedStore === store),
      startWith(store),
      switchMap(() => from(read())),
    );

  const errorLog: ErrorLog = boundedErrorLog({
    async log(entry) {
      await db.add('logs', entry);
      changed('logs');
    },
  });
  const corrupt = corruptEntryReport(errorLog, 'loofi-music');

  const readTracks = async (): Promise<StoredTrack[]> => {
    const tracks: StoredTrack[] = [];
    let cursor = await db.transaction('loofi-music').store.openCursor();
    while (cursor) {
      const read = readStoredTrack(cursor.value);
      if ('track' in read) tracks.push({ ...read.track, key: String(cursor.key) });
      else corrupt.note(`loofi-music/${cursor.key}`, read.problem);
      cursor = await cursor.continue();
    }
    corrupt.flush();
    return tracks;
  };

  const existingKey = async (key: string): Promise<number> => {
    const numeric = Number(key);
    const found =
      Number.isSafeInteger(numeric) && (await db.getKey('loofi-music', numeric)) !== undefined;
    if (!found) throw new Error(`There is no track at loofi-music/${key}.`);
    return numeric;
  };

  /** Ends a write without writing; the aborted transaction's rejection is expected. */
  const abort = (transaction: { abort(): void; done: Promise<void> }) => {
    transaction.done.catch(() => undefined);
    transaction.abort();
  };

  const library: LibraryPort = {
    tracks$: whenChanged('loofi-music', readTracks).pipe(
      shareReplay({ bufferSize: 1, refCount: true }),
    ),
    async add(track) {
      const entry = localEntry(validateTrack(track));
      const transaction = db.transaction('loofi-music', 'readwrite');
      // Checked inside the write: another tab adding the same music waits for this one.
      if ((await transaction.store.index(IDENTITY_INDEX).getKey(entry.identity)) !== undefined) {
        abort(transaction);
        throw new DuplicateTrackError();
      }
      await Promise.all([transaction.store.add(entry), transaction.done]);
      changed('loofi-music');
    },
    async addMany(tracks) {
      const entries = tracks.map((track) => localEntry(validateTrack(track)));
      const transaction = db.transaction('loofi-music', 'readwrite');
      const identities = transaction.store.index(IDENTITY_INDEX);
      const batch = new Set<string>();
      let added = 0;
      for (const entry of entries) {
        if (batch.has(entry.identity)) continue;
        batch.add(entry.identity);
        if ((await identities.getKey(entry.identity)) !== undefined) continue;
        void transaction.store.add(entry);
        added += 1;
      }
      await transaction.done;
      if (added > 0) changed('loofi-music');
      return added;
    },
    async update(key, track) {
      const entry = localEntry(validateTrack(track));
      const numeric = await existingKey(key);
      const transaction = db.transaction('loofi-music', 'readwrite');
      const holder = await transaction.store.index(IDENTITY_INDEX).getKey(entry.identity);
      if (holder !== undefined && holder !== numeric) {
        abort(transaction);
        throw new DuplicateTrackError();
      }
      await Promise.all([transaction.store.put(entry, numeric), transaction.done]);
      changed('loofi-music');
    },
    async remove(key) {
      await db.delete('loofi-music', await existingKey(key));
      changed('loofi-music');
    },
  };

  const credentials: CredentialStore = {
    async write(emailPrefix, credential) {
      await db.put('loofi-dashboard', { ...credential }, credentialKey(emailPrefix));
      changed('loofi-dashboard');
    },
    async revoke(emailPrefix) {
      await db.delete('loofi-dashboard', credentialKey(emailPrefix));
      changed('loofi-dashboard');
    },
    credential$(emailPrefix) {
      return whenChanged('loofi-dashboard', async () => {
        const credential = await db.get('loofi-dashboard', credentialKey(emailPrefix));
        return readCredential(credential);
      }).pipe(distinctUntilChanged(sameCredential));
    },
  };

  const connected = new BehaviorSubject(true);
  const online = (options.online$ ?? browserOnline$()).subscribe(connected);

  return {
    kind: 'local',
    auth: {
      async signInWithPopup() {
        const email = await options.chooseAccount();
        if (email === null) throw new PopupClosedError();
        const trimmed = email.trim();
        return trimmed ? { email: trimmed } : null;
      },
      async signOut() {
        // The local session lives in the shell's cookies only; nothing to tell a server.
      },
    },
    library,
    credentials,
    errorLog,
    connection: { connected$: connected.pipe(distinctUntilChanged()) },
    async dispose() {
      online.unsubscribe();
      changes.complete();
      channel.close();
      db.close();
    },
  };
}
