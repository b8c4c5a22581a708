import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { answers, claimPort, EMULATOR_HOST } from './network';

/** The machine image carries the jar here (ARCHITECTURE.md, "Backends"). */
const GCLOUD_JAR =
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';
/** Where firebase-tools caches the same jar after `firebase setup:emulators:firestore`. */
const FIREBASE_TOOLS_CACHE = join(homedir(), '.cache', 'firebase', 'emulators');
/** The jar has no Main-Class, so the class is named on the command line. */
const MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';
/** What Java logs when the port it was given is taken; the start is tried again this often. */
const PORT_TAKEN = 'java.net.BindException';
const PORT_ATTEMPTS = 3;
const MIN_JAVA_MAJOR = 17;
const HOST = EMULATOR_HOST;
const READY_TIMEOUT_MS = 30_000;

export interface FirestoreEmulatorOptions {
  /** A free port is picked when omitted. */
  port?: number;
  projectId: string;
  /** Rules file loaded at start; without it, tests load rules through rules-unit-testing. */
  rulesPath?: string;
}

export interface FirestoreEmulator {
  host: string;
  port: number;
  stop(): Promise<void>;
}

function javaCommand(): string {
  if (process.env.JAVA) return process.env.JAVA;
  if (process.env.JAVA_HOME) return join(process.env.JAVA_HOME, 'bin', 'java');
  return 'java';
}

function findJar(): string | null {
  const fromEnv = process.env.FIRESTORE_EMULATOR_JAR;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  if (existsSync(GCLOUD_JAR)) return GCLOUD_JAR;
  if (!existsSync(FIREBASE_TOOLS_CACHE)) return null;
  const cached = readdirSync(FIREBASE_TOOLS_CACHE)
    .filter((name) => /^cloud-firestore-emulator-v[\d.]+\.jar$/.test(name))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const newest = cached.at(-1);
  return newest ? join(FIREBASE_TOOLS_CACHE, newest) : null;
}

/** `java -version` prints e.g. `openjdk version "17.0.15"` or `"1.8.0_392"` on stderr. */
function javaMajorVersion(): number | null {
  const result = spawnSync(javaCommand(), ['-version'], { encoding: 'utf8', timeout: 10_000 });
  if (result.error || result.status !== 0) return null;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  if (!match?.[1]) return null;
  const first = Number(match[1]);
  return first === 1 && match[2] ? Number(match[2]) : first;
}

// Probing Java costs a process start; every test file asks, so the answer is kept.
let cachedReason: string | null | undefined;

export function firestoreEmulatorUnavailableReason(): string | null {
  if (cachedReason !== undefined) return cachedReason;
  const major = javaMajorVersion();
  if (major === null) {
    cachedReason = `Java ${MIN_JAVA_MAJOR}+ was not found (tried "${javaCommand()}"; set JAVA or JAVA_HOME), so the Firestore emulator cannot run.`;
  } else if (major < MIN_JAVA_MAJOR) {
    cachedReason = `Java ${major} was found but the Firestore emulator needs Java ${MIN_JAVA_MAJOR} or newer.`;
  } else if (findJar() === null) {
    cachedReason = `The Firestore emulator jar was not found at ${process.env.FIRESTORE_EMULATOR_JAR ?? GCLOUD_JAR} nor in ${FIREBASE_TOOLS_CACHE} (set FIRESTORE_EMULATOR_JAR).`;
  } else {
    cachedReason = null;
  }
  return cachedReason;
}

/**
 * The shell stays between Node and Java as a watchdog: its stdin is a pipe from this
 * process, so when this process dies in any way (even SIGKILL) the `read` returns and the
 * shell kills Java. Java alone would never notice and would be left as an orphan.
 */
const WATCHDOG =
  'java_cmd="$1"; shift; "$java_cmd" "$@" & child=$!; read -r _; kill "$child" 2>/dev/null; wait "$child"';

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // 'exit' handlers must be synchronous; a group SIGKILL is.
  process.on('exit', () => {
    for (const child of running) killGroup(child, 'SIGKILL');
  });
}

async function waitUntilReady(
  child: ChildProcess,
  port: number,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The Firestore emulator exited before it was ready:\n${output()}`);
    }
    // Java has given up, but the watchdog around it lives on until it is stopped.
    if (output().includes(PORT_TAKEN)) {
      throw new Error(`The Firestore emulator could not bind ${HOST}:${port}:\n${output()}`);
    }
    if (await answers(`http://${HOST}:${port}/`)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `The Firestore emulator did not answer on ${HOST}:${port} within ${READY_TIMEOUT_MS} ms:\n${output()}`,
  );
}

export async function startFirestoreEmulator(
  options: FirestoreEmulatorOptions,
): Promise<FirestoreEmulator> {
  const reason = firestoreEmulatorUnavailableReason();
  if (reason !== null) throw new Error(reason);
  const jar = findJar();
  if (jar === null) throw new Error('The Firestore emulator jar disappeared.');
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await launch(jar, options);
    } catch (error) {
      // A port picked here can be taken by another process (another test file's emulator)
      // before Java binds it: pick another. A port the caller gave is theirs to sort out.
      const portTaken = error instanceof Error && error.message.includes(PORT_TAKEN);
      if (!portTaken || options.port !== undefined || attempt === PORT_ATTEMPTS) throw error;
    }
  }
}

async function launch(jar: string, options: FirestoreEmulatorOptions): Promise<FirestoreEmulator> {
  // A given port is checked too: otherwise the readiness probe could be answered by
  // whatever already listens there while the emulator fails to bind.
  const port = await claimPort(options.port ?? 0).catch((error: unknown) => {
    throw new Error(`Port ${options.port} on ${HOST} is not free for the Firestore emulator.`, {
      cause: error,
    });
  });

  const args = [
    // The emulator only supports English error messages.
    '-Duser.language=en',
    '-cp',
    jar,
    MAIN_CLASS,
    `--host=${HOST}`,
    `--port=${port}`,
    `--project_id=${options.projectId}`,
    '--single_project_mode=true',
  ];
  if (options.rulesPath !== undefined) args.push(`--rules=${options.rulesPath}`);

  // Detached makes the shell a process-group leader, so stop() can end the whole tree.
  const child = spawn('/bin/sh', ['-c', WATCHDOG, 'firestore-emulator', javaCommand(), ...args], {
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  running.add(child);
  installExitHook();

  let log = '';
  const collect = (chunk: Buffer): void => {
    log = (log + chunk.toString('utf8')).slice(-8_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => running.delete(child));

  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    // Closing stdin makes the watchdog stop Java and wait for it, so the port is free once
    // the shell has exited; a group SIGKILL is the fallback for a JVM that hangs.
    child.stdin?.end();
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };

  try {
    await waitUntilReady(child, port, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  // Let the test runner exit even if a caller forgets stop(); the exit hook still cleans up.
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) {
    if (stream && 'unref' in stream && typeof stream.unref === 'function') stream.unref();
  }
  return { host: HOST, port, stop };
}
