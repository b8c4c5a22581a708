import type { FirebaseApp } from 'firebase/app';
import { connectDatabaseEmulator, getDatabase, onValue, ref } from 'firebase/database';
import {
  connectFirestoreEmulator,
  getFirestore,
  initializeFirestore,
  persistentLocalCache,
  persistentMultipleTabManager,
} from 'firebase/firestore';
import { Observable, shareReplay, takeUntil } from 'rxjs';
import type { LibraryPort } from '@loofi/contracts';
import type {
  AmbienceSettingsStore,
  Connection,
  CredentialStore,
  ErrorLog,
  FocusSessionStore,
  ListeningSessionStore,
} from '../ports';
import { boundedErrorLog, corruptEntryReport } from '../bounded-log';
import { createFocusSessionStore } from './firebase-focus-session';
import { createFirestoreAmbience } from './firestore-ambience';
import { createFirebaseLibrary, LIBRARY_PATH } from './firebase-library';
import { createListeningSessionStore } from './firebase-listening-session';
import { indexedDbLibraryDisk } from './library-disk';
import { keepLibraryOffline } from './offline-library';
import { createFirestoreCredentials, createFirestoreErrorLog } from './firestore-ports';
import type { FirebaseEmulatorHosts } from './options';

export interface FirebaseData {
  library: LibraryPort;
  credentials: CredentialStore;
  errorLog: ErrorLog;
  connection: Connection;
  listeningSession: ListeningSessionStore;
  focusSession: FocusSessionStore;
  ambienceSettings: AmbienceSettingsStore;
}

/**
 * The databases of the Firebase backend, in a chunk of their own: the Realtime Database for
 * the library, `.info/connected`, the listening and focus sessions, Firestore for the
 * credential document, the ambience settings and the error log.
 * Sign-in needs neither, so the sign-in page never downloads them.
 */
export function connectFirebaseData(
  app: FirebaseApp,
  emulators: FirebaseEmulatorHosts | undefined,
  disposed$: Observable<void>,
  offlinePersistence: boolean,
  /** The signed-in account's uid, null when nobody is signed in. */
  owner: () => Promise<string | null>,
): FirebaseData {
  const db = getDatabase(app);
  const firestore = offlinePersistence
    ? initializeFirestore(app, {
        localCache: persistentLocalCache({ tabManager: persistentMultipleTabManager() }),
      })
    : getFirestore(app);
  if (emulators) {
    connectDatabaseEmulator(db, emulators.database.host, emulators.database.port);
    connectFirestoreEmulator(firestore, emulators.firestore.host, emulators.firestore.port);
  }
  const errorLog = boundedErrorLog(createFirestoreErrorLog(firestore));
  const connection: Connection = {
    connected$: new Observable<boolean>((subscriber) =>
      onValue(
        ref(db, '.info/connected'),
        (snapshot) => subscriber.next(snapshot.val() === true),
        (error) => subscriber.error(error),
      ),
    ).pipe(takeUntil(disposed$), shareReplay({ bufferSize: 1, refCount: true })),
  };
  const library = createFirebaseLibrary(db, corruptEntryReport(errorLog, LIBRARY_PATH), disposed$);
  return {
    // The Realtime Database's web SDK keeps nothing on disk: with offline persistence the
    // library is kept in IndexedDB beside it, changes made offline included.
    library: offlinePersistence
      ? keepLibraryOffline(
          library,
          connection.connected$,
          indexedDbLibraryDisk(app.options.projectId ?? app.name),
          disposed$,
        )
      : library,
    credentials: createFirestoreCredentials(firestore, disposed$),
    listeningSession: createListeningSessionStore(db, owner),
    focusSession: createFocusSessionStore(db, owner, disposed$),
    ambienceSettings: createFirestoreAmbience(firestore, owner, disposed$),
    errorLog,
    connection,
  };
}
