import { addDoc, collection, deleteDoc, doc, onSnapshot, setDoc } from 'firebase/firestore';
import type { Firestore } from 'firebase/firestore';
import { distinctUntilChanged, map, Observable, shareReplay, takeUntil, throwError } from 'rxjs';
import { readCredential, sameCredential } from '../ports';
import type { Credential, CredentialStore, ErrorLog } from '../ports';

/** SPEC §3: collection 'loofi-dashboard', document '{emailPrefix}-token'. */
const CREDENTIALS_COLLECTION = 'loofi-dashboard';
/** SPEC §3: collection 'logs'. */
export const LOGS_COLLECTION = 'logs';

/**
 * The prefix becomes part of a document path: a slash would address another document, and
 * Firestore refuses '.', '..' and ids of the form __x__.
 */
function credentialId(emailPrefix: string): string {
  if (!emailPrefix || emailPrefix.includes('/') || /^\.\.?$/.test(emailPrefix)) {
    throw new Error(`"${emailPrefix}" is not a valid e-mail prefix.`);
  }
  return `${emailPrefix}-token`;
}

export function createFirestoreCredentials(
  firestore: Firestore,
  /** Emits (and replays) once the backend is disposed. */
  disposed$: Observable<void>,
): CredentialStore {
  const documentOf = (emailPrefix: string) =>
    doc(firestore, CREDENTIALS_COLLECTION, credentialId(emailPrefix));
  // One listener per account, shared by every subscriber of this client.
  const streams = new Map<string, Observable<Credential | null>>();

  return {
    async write(emailPrefix, credential) {
      await setDoc(documentOf(emailPrefix), { email: credential.email, token: credential.token });
    },
    // Deleting the document signs every session out: credential$ then gives null everywhere.
    async revoke(emailPrefix) {
      await deleteDoc(documentOf(emailPrefix));
    },
    credential$(emailPrefix) {
      const existing = streams.get(emailPrefix);
      if (existing) return existing;
      let reference: ReturnType<typeof documentOf>;
      try {
        reference = documentOf(emailPrefix);
      } catch (error) {
        return throwError(() => error);
      }
      const stream = new Observable<unknown>((subscriber) =>
        onSnapshot(
          reference,
          (snapshot) => subscriber.next(snapshot.data()),
          (error) => subscriber.error(error),
        ),
      ).pipe(
        map(readCredential),
        distinctUntilChanged(sameCredential),
        takeUntil(disposed$),
        shareReplay({ bufferSize: 1, refCount: true }),
      );
      streams.set(emailPrefix, stream);
      return stream;
    },
  };
}

export function createFirestoreErrorLog(firestore: Firestore): ErrorLog {
  return {
    // async: whatever goes wrong (bad input, no connection) rejects, never throws here.
    async log(entry) {
      await addDoc(collection(firestore, LOGS_COLLECTION), {
        message: entry.message,
        url: entry.url,
        location: { line: entry.location.line, column: entry.location.column },
        error: entry.error,
      });
    },
  };
}
