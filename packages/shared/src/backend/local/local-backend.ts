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
import { readStoredTrack, validateTrack } from '../track-validation';
import { PopupClosedError } from '../ports';
import type { Backend, CredentialStore, ErrorLog } from '../ports';
import { openLocalDatabase } from './local-database';
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

  const errorLog: ErrorLog = {
    async log(entry) {
      await db.add('logs', entry);
      changed('logs');
    },
  };

  const reported = new Set<string>();
  const reportCorrupt = (key: number, problem: string) => {
    const id = `${key}:${problem}`;
    if (reported.has(id)) return;
    reported.add(id);
    errorLog
      .log({
        message: `Skipped a corrupt track at loofi-music/${key}: ${problem}`,
        url: typeof location === 'undefined' ? '' : location.href,
        location: { line: 0, column: 0 },
        error: 'CorruptTrack',
      })
      .catch(() => {
        // The log is best effort: a failing log write must not break reading the library.
      });
  };

  const readTracks = async (): Promise<StoredTrack[]> => {
    const tracks: StoredTrack[] = [];
    let cursor = await db.transaction('loofi-music').store.openCursor();
    while (cursor) {
      const read = readStoredTrack(cursor.value);
      if ('track' in read) tracks.push({ ...read.track, key: String(cursor.key) });
      else reportCorrupt(cursor.key, read.problem);
      cursor = await cursor.continue();
    }
    return tracks;
  };

  const existingKey = async (key: string): Promise<number> => {
    const numeric = Number(key);
    const found =
      Number.isSafeInteger(numeric) && (await db.getKey('loofi-music', numeric)) !== undefined;
    if (!found) throw new Error(`There is no track at loofi-music/${key}.`);
    return numeric;
  };

  const library: LibraryPort = {
    tracks$: whenChanged('loofi-music', readTracks).pipe(
      shareReplay({ bufferSize: 1, refCount: true }),
    ),
    async add(track) {
      await db.add('loofi-music', validateTrack(track));
      changed('loofi-music');
    },
    async addMany(tracks) {
      const valid = tracks.map(validateTrack);
      const transaction = db.transaction('loofi-music', 'readwrite');
      await Promise.all([...valid.map((track) => transaction.store.add(track)), transaction.done]);
      changed('loofi-music');
    },
    async update(key, track) {
      const valid = validateTrack(track);
      await db.put('loofi-music', valid, await existingKey(key));
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
    token$(emailPrefix) {
      return whenChanged('loofi-dashboard', async () => {
        const credential = await db.get('loofi-dashboard', credentialKey(emailPrefix));
        return credential?.token ?? null;
      }).pipe(distinctUntilChanged());
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
