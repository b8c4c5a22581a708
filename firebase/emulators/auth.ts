import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { answers, EMULATOR_HOST, httpOk } from './network';

// Compiling the emulator's OpenAPI spec takes about ten seconds of CPU, several times that
// on a slow machine whose cores a test run's workers share with it.
const READY_TIMEOUT_MS = 90_000;
// No `new URL(…, import.meta.url)`: under a DOM test environment URL is the DOM's.
const PROCESS_SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'auth-emulator-process.mjs');

export interface AuthEmulatorOptions {
  projectId: string;
  /** A free port is picked when omitted. */
  port?: number;
  /**
   * Told the emulator's URL as soon as its port is taken, before it serves (its start takes
   * seconds): what is asked there from then on waits, and is answered once it does.
   */
  onBound?: (url: string) => void;
}

export interface AuthEmulator {
  host: string;
  port: number;
  /** e.g. http://127.0.0.1:9099, for connectAuthEmulator(). */
  url: string;
  /** Deletes every account. */
  clear(): Promise<void>;
  stop(): Promise<void>;
}

export function authEmulatorUnavailableReason(): string | null {
  try {
    createRequire(import.meta.url).resolve('firebase-tools/lib/emulator/auth/server.js');
    return null;
  } catch {
    return 'firebase-tools is not installed in @loofi/firebase, so the Auth emulator cannot run.';
  }
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // 'exit' handlers must be synchronous; kill() is. The child also quits on its own when
  // its stdin closes, which covers a parent killed too hard to run this.
  process.on('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

/**
 * The Auth emulator of firebase-tools in a child process of its own: the same app that
 * `firebase emulators:start --only auth` serves, started directly, which saves the CLI's
 * two and a half seconds, its hub and logging ports and its per-project locator file
 * (two test runs at once would collide on those).
 */
export async function startAuthEmulator(options: AuthEmulatorOptions): Promise<AuthEmulator> {
  const reason = authEmulatorUnavailableReason();
  if (reason !== null) throw new Error(reason);

  const child = spawn(
    process.execPath,
    [PROCESS_SCRIPT, EMULATOR_HOST, String(options.port ?? 0), options.projectId],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  running.add(child);
  installExitHook();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => running.delete(child));

  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new Error(`The Auth emulator did not start within ${READY_TIMEOUT_MS} ms:\n${output}`),
        ),
      READY_TIMEOUT_MS,
    );
    let told = false;
    const onData = (chunk: Buffer): void => {
      output = (output + chunk.toString('utf8')).slice(-8_000);
      const bound = told ? null : /^bound (\d+)$/m.exec(output);
      if (bound) {
        told = true;
        options.onBound?.(`http://${EMULATOR_HOST}:${bound[1]}`);
      }
      const match = /^listening (\d+)$/m.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(
        new Error(`The Auth emulator exited (${signal ?? code}) before it was ready:\n${output}`),
      );
    });
  }).catch(async (error: unknown) => {
    child.kill('SIGKILL');
    await exited;
    throw error;
  });

  // Let the test runner exit even if a caller forgets stop(); the exit hook still cleans up.
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) {
    (stream as { unref?: () => void }).unref?.();
  }

  const url = `http://${EMULATOR_HOST}:${port}`;
  return {
    host: EMULATOR_HOST,
    port,
    url,
    clear: () => clearAccounts(url, options.projectId),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * An Auth emulator that another process started (a test run's global setup shares one: it
 * serves any project), once it answers. Its `stop()` leaves it running for its starter to stop.
 */
export async function runningAuthEmulator(url: string, projectId: string): Promise<AuthEmulator> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  const config = `${url}/emulator/v1/projects/${projectId}/config`;
  while (!(await answers(config))) {
    if (Date.now() > deadline) {
      throw new Error(`The Auth emulator at ${url} did not answer within ${READY_TIMEOUT_MS} ms.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { hostname, port } = new URL(url);
  return {
    host: hostname,
    port: Number(port),
    url,
    clear: () => clearAccounts(url, projectId),
    stop: async () => undefined,
  };
}

/** Deletes every account of one project. */
async function clearAccounts(url: string, projectId: string): Promise<void> {
  await httpOk('DELETE', `${url}/emulator/v1/projects/${projectId}/accounts`, {
    headers: { authorization: 'Bearer owner' },
  });
}
