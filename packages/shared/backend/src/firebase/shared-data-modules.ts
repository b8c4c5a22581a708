import {
  connectDatabaseEmulator,
  getDatabase,
  onValue,
  ref,
  runTransaction,
  update,
} from 'firebase/database';
import {
  addDoc,
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  getFirestore,
  initializeFirestore,
  onSnapshot,
  persistentLocalCache,
  persistentMultipleTabManager,
  setDoc,
} from 'firebase/firestore';

/** The Realtime Database and Firestore surfaces the host shares (see ./shared-modules.ts). */
export const SHARED_DATABASE = {
  connectDatabaseEmulator,
  getDatabase,
  onValue,
  ref,
  runTransaction,
  update,
};
export const SHARED_FIRESTORE = {
  addDoc,
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  getFirestore,
  initializeFirestore,
  onSnapshot,
  persistentLocalCache,
  persistentMultipleTabManager,
  setDoc,
};
