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
  startWith,
  Subject,
  switchMap,
} from 'rxjs';
import { boundedErrorLog, corruptEntryReport } from '../bounded-log';
import { PopupClosedError, readCredential, sameCredential } from '../ports';
import type { Backend, CredentialStore, ErrorLog } from '../ports';
import { openLocalDatabase, readOnly } from './local-database';
import type { LibrarySeed, LocalDatabase, LocalStoreName } from './local-database';
import { createLocalLibrary } from './local-library';

export interface LocalBackendOptions {
  /** The IndexedDB database; tests use a fresh one each. */
  databaseName?: string;
  /** Asks the owner for an account, like Google's popup: the e-mail, null when closed. */
  chooseAccount(): Promise<string | null>;
  /** Whether the network is up; by default the browser's online/offline state. */
  online$?: Observable<boolean>;
  /** Tracks for a brand-new database. */
  seed?: LibrarySeed;
}

const DEFAULT_LOCAL_DATABASE = 'loofi';

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
  const fromOthers = new Subject<LocalStoreName>();
  const channel = new BroadcastChannel(`loofi-local:${name}`);
  channel.onmessage = (event: MessageEvent<LocalStoreName>) => {
    changes.next(event.data);
    fromOthers.next(event.data);
  };
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

  const library = createLocalLibrary({
    db,
    // Only other tabs' writes: this tab's own are applied where they are made.
    othersChanged$: fromOthers.pipe(filter((store) => store === 'loofi-music')),
    announce: () => channel.postMessage('loofi-music'),
    corrupt,
  });

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
        const credential = await readOnly(db, 'loofi-dashboard').store.get(
          credentialKey(emailPrefix),
        );
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
      fromOthers.complete();
      channel.close();
      db.close();
    },
  };
}
