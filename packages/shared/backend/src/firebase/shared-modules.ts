import { deleteApp, getApp, getApps, initializeApp, SDK_VERSION } from 'firebase/app';
import {
  browserPopupRedirectResolver,
  connectAuthEmulator,
  getAuth,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  signInWithCredential,
  signInWithPopup,
  signOut,
} from 'firebase/auth';
import type { FirebaseSharedKey } from '@loofi/contracts/apps';

/** Each SDK entry point a Firebase build's host shares, loaded on demand. */
export type FirebaseSharedModules = Record<FirebaseSharedKey, () => Promise<unknown>>;

/**
 * What the host offers a remote of each SDK entry point: the very functions and classes its
 * backend runs (the same module instances, so a remote's `getApps()` lists the backend's
 * app and `getAuth(app).currentUser` is the owner), as an explicit surface rather than the
 * whole namespace. A namespace handed out as a value is used whole, and the bundler would
 * keep every export of the SDK in the backend's chunks: measured, 13.6 kB gzip more on the
 * Firebase build's sign-in page (nearly all of it Auth's) and 30 kB more on its dashboard.
 * A remote that needs more of an SDK adds it here (and so to the host's bytes, knowingly).
 */
export const SHARED_APP = { deleteApp, getApp, getApps, initializeApp, SDK_VERSION };
export const SHARED_AUTH = {
  browserPopupRedirectResolver,
  connectAuthEmulator,
  getAuth,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  signInWithCredential,
  signInWithPopup,
  signOut,
};

/**
 * App and Auth are in this module's chunk, which the host loaded at start; the databases
 * come from the chunk `./firebase-backend.ts` loads after sign-in (the same chunk name), so
 * sharing downloads nothing the backend would not.
 */
export const FIREBASE_SHARED_MODULES: FirebaseSharedModules = {
  'firebase/app': () => Promise.resolve(SHARED_APP),
  'firebase/auth': () => Promise.resolve(SHARED_AUTH),
  'firebase/database': () =>
    import(/* webpackChunkName: "firebase-data" */ './shared-data-modules').then(
      ({ SHARED_DATABASE }) => SHARED_DATABASE,
    ),
  'firebase/firestore': () =>
    import(/* webpackChunkName: "firebase-data" */ './shared-data-modules').then(
      ({ SHARED_FIRESTORE }) => SHARED_FIRESTORE,
    ),
};
