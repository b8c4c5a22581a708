import { deleteApp, initializeApp } from 'firebase/app';
import { getAuth } from 'firebase/auth';
import { connectDatabaseEmulator, getDatabase, onValue, ref } from 'firebase/database';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { Observable, ReplaySubject, shareReplay, takeUntil } from 'rxjs';
import type { Backend, Connection, ErrorLog } from '../ports';
import { createEmulatorAuth, createPopupAuth } from './firebase-auth';
import { createFirebaseLibrary } from './firebase-library';
import { createFirestoreCredentials, createFirestoreErrorLog } from './firestore-ports';
import type { FirebaseBackendOptions } from './options';

/** Reports a corrupt entry once per path and problem, however often the list is read. */
function corruptEntryReporter(errorLog: ErrorLog) {
  const reported = new Set<string>();
  return (path: string, problem: string): void => {
    const id = `${path}\n${problem}`;
    if (reported.has(id)) return;
    reported.add(id);
    const message = `Skipped a corrupt track at ${path}: ${problem}`;
    errorLog
      .log({
        message,
        url: globalThis.location?.href ?? '',
        location: { line: 0, column: 0 },
        error: problem,
      })
      // Nothing is left to report a failed report to; the console at least shows it.
      .catch((error: unknown) =>
        console.warn(`${message} (and the error log failed: ${String(error)})`),
      );
  };
}

/**
 * The production backend: Firebase Auth (Google popup), the Realtime Database for the
 * library and `.info/connected`, Firestore for the credential document and the error log.
 * With `options.emulators` it talks to local emulators instead.
 */
export async function createFirebaseBackend(options: FirebaseBackendOptions): Promise<Backend> {
  const app = initializeApp(options.config, options.appName);
  const disposed$ = new ReplaySubject<void>(1);

  const auth = getAuth(app);
  const db = getDatabase(app);
  const firestore = getFirestore(app);
  const emulators = options.emulators;
  if (emulators) {
    connectDatabaseEmulator(db, emulators.database.host, emulators.database.port);
    connectFirestoreEmulator(firestore, emulators.firestore.host, emulators.firestore.port);
  }

  const errorLog = createFirestoreErrorLog(firestore);
  const connection: Connection = {
    connected$: new Observable<boolean>((subscriber) =>
      onValue(
        ref(db, '.info/connected'),
        (snapshot) => subscriber.next(snapshot.val() === true),
        (error) => subscriber.error(error),
      ),
    ).pipe(takeUntil(disposed$), shareReplay({ bufferSize: 1, refCount: true })),
  };

  let disposing: Promise<void> | null = null;
  return {
    kind: 'firebase',
    auth: emulators
      ? createEmulatorAuth(auth, emulators.authUrl, options.chooseAccount)
      : createPopupAuth(auth),
    library: createFirebaseLibrary(db, corruptEntryReporter(errorLog), disposed$),
    credentials: createFirestoreCredentials(firestore, disposed$),
    errorLog,
    connection,
    dispose() {
      disposing ??= (async () => {
        // Completing the streams first unsubscribes their listeners cleanly.
        disposed$.next();
        disposed$.complete();
        await deleteApp(app);
      })();
      return disposing;
    },
  };
}
