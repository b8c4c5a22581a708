import type { Observable } from 'rxjs';
import type { FocusState, LibraryPort, Track } from '@loofi/contracts';

/** What the sign-in popup returns: the account's e-mail, or null when it returned nothing. */
export interface SignInResult {
  email: string;
}

/** The sign-in popup was closed before an account was chosen. */
export class PopupClosedError extends Error {
  override name = 'PopupClosedError';
  constructor() {
    super('The sign-in popup was closed before an account was chosen.');
  }
}

/** The Google popup sign-in (SPEC §4, §7). */
export interface AuthPort {
  /** Rejects when the popup fails or is closed; resolves null when it returns no account. */
  signInWithPopup(): Promise<SignInResult | null>;
  signOut(): Promise<void>;
}

/** The credential document `loofi-dashboard/{emailPrefix}-token` (SPEC §3). */
export interface Credential {
  email: string;
  token: string;
}

/** A stored credential read defensively: both fields non-empty strings, or null. */
export function readCredential(value: unknown): Credential | null {
  if (typeof value !== 'object' || value === null) return null;
  const { email, token } = value as Record<string, unknown>;
  return typeof email === 'string' && email !== '' && typeof token === 'string' && token !== ''
    ? { email, token }
    : null;
}

export const sameCredential = (a: Credential | null, b: Credential | null) =>
  a === b || (a !== null && b !== null && a.email === b.email && a.token === b.token);

export interface CredentialStore {
  /** Writes the document of the account whose e-mail starts with `emailPrefix`. */
  write(emailPrefix: string, credential: Credential): Promise<void>;
  /** Removes the stored token, signing every session of that account out. */
  revoke(emailPrefix: string): Promise<void>;
  /** The stored credential (e-mail and token), live; null while there is none. */
  credential$(emailPrefix: string): Observable<Credential | null>;
}

/** An entry of the `logs` collection (SPEC §3). */
export interface ErrorLogEntry {
  message: string;
  url: string;
  location: { line: number; column: number };
  error: string;
}

export interface ErrorLog {
  log(entry: ErrorLogEntry): Promise<void>;
}

/** `.info/connected`: whether the realtime database is reachable. */
export interface Connection {
  readonly connected$: Observable<boolean>;
}

/** Where the owner's listening was: kept under the owner, so another device continues there. */
export interface ListeningSession {
  track: Track;
  /** Seconds into the track. */
  position: number;
  /** When it was written, in milliseconds since 1970 by the writing device's clock. */
  at: number;
}

/** The owner's listening session in the backend ('Continue where you left off' on any device). */
export interface ListeningSessionStore {
  /** The stored session, or null when there is none (or it cannot be read). */
  read(): Promise<ListeningSession | null>;
  write(session: ListeningSession): Promise<void>;
}

/** A focus session as it travels between the owner's devices (the shell's `FocusState` less `long`). */
export type FocusSessionRecord = Omit<FocusState, 'long'>;

/** The last change any of the owner's devices made to their focus session. */
export interface SharedFocusSession {
  /** The session after the change; null once it was stopped. */
  session: FocusSessionRecord | null;
  /**
   * When the change was made, in milliseconds since 1970. This and `session.endsAt` are
   * times by this device's clock: the store converts them to and from the backend's time.
   */
  at: number;
}

/** The owner's focus session kept in the backend, so it follows them to another device. */
export interface FocusSessionStore {
  /**
   * The stored change, live: the one kept when subscribed (nothing while none is) and each
   * later one, this device's own writes included. Never errors: what cannot be read is skipped.
   */
  readonly session$: Observable<SharedFocusSession>;
  /** Never rejects: a change the backend refuses (an older one than it holds) is dropped. */
  write(change: SharedFocusSession): Promise<void>;
}

/** The ambience's layers, as its kept settings name them. */
export type AmbienceLayerId = 'rain' | 'cafe' | 'fireplace' | 'wind' | 'vinyl' | 'brown';

/** Each layer's slider, a whole number from 0 to 100. */
export type AmbienceLevels = Record<AmbienceLayerId, number>;

/** The most saved mixes the backend keeps (the rules check each by its place). */
export const MAX_SAVED_MIXES = 24;
/** A saved mix's name, in characters (code points), at most. */
export const MAX_MIX_NAME = 60;

/** The owner's ambience settings as the backend keeps them (Firebase). */
export interface AmbienceSettingsRecord {
  /** The mix: the layers, and the Ambience volume (0–100). */
  mix: { levels: AmbienceLevels; master: number };
  /** The mixes saved under a name, names unique: at most `MAX_SAVED_MIXES`. */
  saved: { name: string; levels: AmbienceLevels }[];
  /** Whether breaks lower the ambience with the music. */
  lowerWithBreaks: boolean;
  /** When the change was made (ms since 1970, the clock of the device that made it). */
  at: number;
}

/** The ambience settings kept under the owner, so they follow them to another device. */
export interface AmbienceSettingsStore {
  /**
   * The kept settings, live: those kept when subscribed (null while none are) and each change
   * another device makes; this device's own saves are not echoed. Never errors: what cannot
   * be read is skipped.
   */
  readonly settings$: Observable<AmbienceSettingsRecord | null>;
  /**
   * Never rejects: settings the backend would refuse, or a change older (by `at`) than the
   * one it holds, are dropped.
   */
  save(settings: AmbienceSettingsRecord): Promise<void>;
}

/** Everything the product needs from a backend; the local and Firebase adapters both give it. */
export interface Backend {
  readonly kind: 'local' | 'firebase';
  readonly auth: AuthPort;
  readonly library: LibraryPort;
  readonly credentials: CredentialStore;
  readonly errorLog: ErrorLog;
  readonly connection: Connection;
  /**
   * The listening session kept under the owner, for resuming on another device. Only a
   * backend shared between devices has one (Firebase); the local backend lives in one browser.
   */
  readonly listeningSession?: ListeningSessionStore;
  /** The focus session kept under the owner (Firebase); the local backend's tabs share storage. */
  readonly focusSession?: FocusSessionStore;
  /** The ambience's mix and saved mixes kept under the owner (Firebase). */
  readonly ambienceSettings?: AmbienceSettingsStore;
  /** Releases listeners and connections (tests, hot reload). */
  dispose(): Promise<void>;
}
