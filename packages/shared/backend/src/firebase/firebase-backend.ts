import { deleteApp, initializeApp } from 'firebase/app';
import {
  browserPopupRedirectResolver,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';
import { catchError, defer, EMPTY, from, of, ReplaySubject, switchMap } from 'rxjs';
import type { Observable } from 'rxjs';
import { memoizeUntilFailure } from '@loofi/ui/async';
import type { Backend } from '../ports';
import { createEmulatorAuth, createPopupAuth } from './firebase-auth';
import type { FirebaseData } from './firebase-data';
import type { FirebaseBackendOptions } from './options';

/**
 * The production backend: Firebase Auth (Google popup) at once; the Realtime Database and
 * Firestore (library, `.info/connected`, listening and focus sessions, credential document,
 * ambience settings, error log) are loaded the first time one of them is used, which is after sign-in. With
 * `options.emulators` it talks to local emulators instead.
 */
export async function createFirebaseBackend(options: FirebaseBackendOptions): Promise<Backend> {
  const app = initializeApp(options.config, options.appName);
  const disposed$ = new ReplaySubject<void>(1);
  // Not getAuth(): that also bundles the localStorage and sessionStorage persistences and the
  // auth-cookie helpers, none of which this app uses, into the sign-in page's script. The
  // signed-in user stays in IndexedDB, where getAuth() would have kept it too.
  const emulators = options.emulators;
  const auth = initializeAuth(app, {
    persistence: indexedDBLocalPersistence,
    // Against the emulators sign-in takes a credential, never a popup (firebase-auth.ts).
    popupRedirectResolver: emulators ? undefined : browserPopupRedirectResolver,
  });

  const owner = async () => {
    // After a reload the signed-in user is restored from IndexedDB a moment after start.
    await auth.authStateReady();
    return auth.currentUser?.uid ?? null;
  };

  // A failed download is tried again by the next use. The chunk is named so that the SDK
  // modules shared with remotes (./shared-modules.ts) come from it too.
  const data = memoizeUntilFailure(() =>
    import(/* webpackChunkName: "firebase-data" */ './firebase-data').then(
      ({ connectFirebaseData }) =>
        connectFirebaseData(app, emulators, disposed$, options.offlinePersistence ?? false, owner),
    ),
  );
  const stream = <T>(pick: (data: FirebaseData) => Observable<T>): Observable<T> =>
    defer(() => from(data())).pipe(switchMap(pick));

  let disposing: Promise<void> | null = null;
  return {
    kind: 'firebase',
    auth: emulators
      ? createEmulatorAuth(auth, emulators.authUrl, options.chooseAccount)
      : createPopupAuth(auth),
    library: {
      tracks$: stream((d) => d.library.tracks$),
      unreadable$: stream((d) => d.library.unreadable$ ?? of([])),
      add: async (track) => (await data()).library.add(track),
      addMany: async (tracks) => (await data()).library.addMany(tracks),
      update: async (key, track) => (await data()).library.update(key, track),
      remove: async (key) => (await data()).library.remove(key),
    },
    credentials: {
      write: async (prefix, credential) => (await data()).credentials.write(prefix, credential),
      revoke: async (prefix) => (await data()).credentials.revoke(prefix),
      credential$: (prefix) => stream((d) => d.credentials.credential$(prefix)),
    },
    errorLog: { log: async (entry) => (await data()).errorLog.log(entry) },
    connection: { connected$: stream((d) => d.connection.connected$) },
    // Never throws into the player, not even when the data chunk cannot be downloaded.
    listeningSession: {
      read: () =>
        data().then(
          (d) => d.listeningSession.read(),
          () => null,
        ),
      write: (session) =>
        data().then(
          (d) => d.listeningSession.write(session),
          () => undefined,
        ),
    },
    focusSession: {
      session$: stream((d) => d.focusSession.session$).pipe(catchError(() => EMPTY)),
      write: (change) =>
        data().then(
          (d) => d.focusSession.write(change),
          () => undefined,
        ),
    },
    ambienceSettings: {
      settings$: stream((d) => d.ambienceSettings.settings$).pipe(catchError(() => EMPTY)),
      save: (settings) =>
        data().then(
          (d) => d.ambienceSettings.save(settings),
          () => undefined,
        ),
    },
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
