/** The Firebase web app configuration, as the Firebase console gives it. */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  databaseURL: string;
  appId: string;
  storageBucket?: string;
  messagingSenderId?: string;
}

/** Where the local emulators listen (FIREBASE_EMULATORS=1 and the tests). */
export interface FirebaseEmulatorHosts {
  /** e.g. http://127.0.0.1:9099 */
  authUrl: string;
  firestore: { host: string; port: number };
  database: { host: string; port: number };
}

export interface FirebaseBackendOptions {
  config: FirebaseWebConfig;
  /** Connect to local emulators instead of the project's servers. */
  emulators?: FirebaseEmulatorHosts;
  /**
   * Emulator mode only: the real Google popup needs the internet, so sign-in asks the
   * local account chooser for an e-mail (null when it was closed) and signs in with an
   * emulator Google credential for it.
   */
  chooseAccount?: () => Promise<string | null>;
  /** A distinct Firebase app name per client (tests run several clients in one process). */
  appName?: string;
  /**
   * Keep Firestore's documents (the credential document) in the browser's IndexedDB, so
   * they are readable offline. The Realtime Database's web SDK has no such cache.
   */
  offlinePersistence?: boolean;
}
