import { BehaviorSubject, distinctUntilChanged, map } from 'rxjs';
import type { Track } from '@loofi/contracts';
import { createMemoryLibrary } from './memory-library';
import { PopupClosedError, sameCredential } from '../ports';
import type { Backend, Credential, ErrorLogEntry } from '../ports';

/** A backend in memory, with handles to steer it and to see what was written. */
export interface MemoryBackend extends Backend {
  /** What the sign-in popup returns next: an e-mail, null (empty result), or 'closed'. */
  nextAccount: string | null | 'closed';
  /** Makes the next credential write fail, as a lost connection would. */
  failNextCredentialWrite: boolean;
  readonly credentialDocuments: ReadonlyMap<string, Credential>;
  readonly logs: ErrorLogEntry[];
  readonly online: BehaviorSubject<boolean>;
  /** Keeps every sign-in popup open until the returned function is called. */
  holdSignIn(): () => void;
}

export function createMemoryBackend(options: { tracks?: readonly Track[] } = {}): MemoryBackend {
  const documents = new BehaviorSubject<ReadonlyMap<string, Credential>>(new Map());
  const online = new BehaviorSubject(true);
  const logs: ErrorLogEntry[] = [];
  let gate: Promise<void> = Promise.resolve();

  const backend: MemoryBackend = {
    kind: 'local',
    nextAccount: 'owner@loofi.local',
    failNextCredentialWrite: false,
    get credentialDocuments() {
      return documents.getValue();
    },
    logs,
    online,
    holdSignIn() {
      let release = () => {};
      gate = new Promise((resolve) => {
        release = resolve;
      });
      return release;
    },
    auth: {
      async signInWithPopup() {
        await gate;
        const account = backend.nextAccount;
        if (account === 'closed') throw new PopupClosedError();
        return account === null ? null : { email: account };
      },
      async signOut() {},
    },
    library: createMemoryLibrary(options.tracks),
    credentials: {
      async write(emailPrefix, credential) {
        if (backend.failNextCredentialWrite) {
          backend.failNextCredentialWrite = false;
          throw new Error('The credential document could not be written.');
        }
        documents.next(new Map(documents.getValue()).set(`${emailPrefix}-token`, credential));
      },
      async revoke(emailPrefix) {
        const next = new Map(documents.getValue());
        next.delete(`${emailPrefix}-token`);
        documents.next(next);
      },
      credential$(emailPrefix) {
        return documents.pipe(
          map((current) => current.get(`${emailPrefix}-token`) ?? null),
          distinctUntilChanged(sameCredential),
        );
      },
    },
    errorLog: {
      async log(entry) {
        logs.push(entry);
      },
    },
    connection: { connected$: online.pipe(distinctUntilChanged()) },
    async dispose() {},
  };
  return backend;
}
