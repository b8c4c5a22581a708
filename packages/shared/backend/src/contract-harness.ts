import type { Backend, ErrorLogEntry } from './ports';

/**
 * What the backend contract suite needs from an adapter's test set-up. Each adapter's
 * harness gives the same powers, so one suite of cases proves both.
 */
export interface ContractHarness {
  readonly name: string;
  /** Why this adapter cannot be tested here (e.g. no Java for the emulators), or null. */
  readonly unavailable: string | null;
  /** Before all cases: start what the adapter needs (emulators). */
  setUp(): Promise<void>;
  /** After all cases. */
  tearDown(): Promise<void>;
  /** Before each case: an empty library, no credentials, no logs, the database reachable. */
  reset(): Promise<void>;
  /**
   * A new client of the same store, as another browser tab would be. `chosenAccount` is
   * what the account chooser returns to its sign-in popup: an e-mail, null when the owner
   * closes it.
   */
  createClient(options?: { chosenAccount?: string | null }): Promise<Backend>;
  /** Makes the database unreachable, as a dropped connection would. */
  disconnect(): Promise<void>;
  /** Makes it reachable again. */
  reconnect(): Promise<void>;
  /** Writes a raw value straight into the library store, bypassing every check. */
  writeRawTrack(key: string, value: unknown): Promise<void>;
  /** Every entry of the error log, read straight from the store. */
  readLogs(): Promise<ErrorLogEntry[]>;
}
