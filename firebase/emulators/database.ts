import { createRequire } from 'node:module';
import FirebaseServer from 'firebase-server';
import { EMULATOR_HOST } from './network';

export interface DatabaseEmulatorOptions {
  /** A free port is picked when omitted; restarts keep the port. */
  port?: number;
  /** Security rules (as database.rules.json holds them) checked on every client read and write. */
  rules?: object;
}

export interface DatabaseEmulator {
  host: string;
  port: number;
  /** Closes the port and drops every client (they see `.info/connected` false); keeps the data. */
  stop(): Promise<void>;
  /** Listens again on the same port with the data it had; clients reconnect by themselves. */
  start(): Promise<void>;
  readonly running: boolean;
  /** Replaces the value at a path ('' is the root), bypassing every check; clients hear it. */
  setValue(path: string, value: unknown): Promise<void>;
  /** The value at a path ('' is the root), read past every check; null where there is none. */
  value(path: string): Promise<unknown>;
  /** Stops for good. */
  close(): Promise<void>;
}

export function databaseEmulatorUnavailableReason(): string | null {
  try {
    createRequire(import.meta.url).resolve('firebase-server');
    return null;
  } catch {
    return 'firebase-server is not installed in @loofi/firebase, so the Realtime Database emulator cannot run.';
  }
}

/**
 * The Realtime Database: firebase-server (patched for the modular SDK, see
 * patches/firebase-server@1.1.0.patch) in this process. Google's database emulator jar is
 * downloaded on first use, which this offline machine cannot do. With `rules`, the
 * security rules are checked (with targaryen) against each client's signed-in account.
 */
export async function startDatabaseEmulator(
  options: DatabaseEmulatorOptions = {},
): Promise<DatabaseEmulator> {
  let data: unknown = null;
  let server: FirebaseServer | null = null;
  let port = options.port ?? 0;

  const listen = async (): Promise<void> => {
    const next = new FirebaseServer(
      { port, address: EMULATOR_HOST },
      `${EMULATOR_HOST}:${port}`,
      data,
    );
    try {
      await next.listening;
    } catch (error) {
      await next.close().catch(() => undefined);
      throw error;
    }
    port = next.getPort();
    if (options.rules) next.setRules(options.rules);
    server = next;
  };
  const live = (): FirebaseServer => {
    if (server === null) throw new Error('The Realtime Database emulator is stopped.');
    return server;
  };
  const stop = async (): Promise<void> => {
    const current = server;
    if (current === null) return;
    server = null;
    data = await current.exportData();
    await current.close();
  };

  await listen();
  return {
    host: EMULATOR_HOST,
    get port() {
      return port;
    },
    get running() {
      return server !== null;
    },
    stop,
    async start() {
      if (server === null) await listen();
    },
    async setValue(path, value) {
      live().setValue(path, value);
    },
    async value(path) {
      let value: unknown = await live().getValue();
      for (const key of path.split('/').filter(Boolean)) {
        value =
          typeof value === 'object' && value !== null
            ? ((value as Record<string, unknown>)[key] ?? null)
            : null;
      }
      return value ?? null;
    },
    async close() {
      await stop();
      data = null;
    },
  };
}
