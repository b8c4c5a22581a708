import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { APPS } from '@loofi/contracts/apps';
import type { AppId } from '@loofi/contracts/apps';
import { WORKSPACE_ROOT } from '@loofi/tooling/serve';

/** A workspace package (an app, or an app of the tests) built with some build-time variables. */
export interface BuildSpec {
  packageName: string;
  env: Readonly<Record<string, string>>;
}

/** An app built again with other build-time variables (no whitelist, another contract …). */
export const variantOf = (app: AppId, env: Record<string, string> = {}): BuildSpec => ({
  packageName: APPS[app].packageName,
  env,
});

/**
 * Where this run keeps its builds, one folder per spec, shared by every spec file and worker:
 * the global setup (./global-setup.ts) names it in this variable, which workers inherit, and
 * removes it at the end.
 */
const BUILDS_VARIABLE = 'LOOFI_E2E_BUILDS';

function buildsRoot(): string {
  const root = process.env[BUILDS_VARIABLE];
  if (!root)
    throw new Error(`${BUILDS_VARIABLE} is not set: run the tests with playwright.config.ts.`);
  return root;
}

const keyOf = ({ packageName, env }: BuildSpec): string => {
  const sorted = Object.entries(env).sort(([a], [b]) => a.localeCompare(b));
  const digest = createHash('sha256')
    .update(JSON.stringify([packageName, sorted]))
    .digest('hex')
    .slice(0, 16);
  return `${packageName.replace(/^@loofi\//, '')}-${digest}`;
};

/** One build's output folder, and the markers that say who builds it and how it ended. */
interface BuildFiles {
  outDir: string;
  claim: string;
  done: string;
  failed: string;
}

function filesOf(root: string, spec: BuildSpec): BuildFiles {
  const base = path.join(root, keyOf(spec));
  return { outDir: base, claim: `${base}.claim`, done: `${base}.done`, failed: `${base}.failed` };
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

interface BuildOptions {
  /**
   * At a low priority, in a process group of its own that `stop()` of `buildInBackground`
   * ends (pnpm and the rspack it starts).
   */
  background?: boolean;
  /** Called with the build's process once it is started. */
  started?: (child: ChildProcess) => void;
}

function runBuild(spec: BuildSpec, outDir: string, options: BuildOptions): Promise<void> {
  const label = spec.packageName.replace(/^@loofi\//, '');
  const command = ['pnpm', '--filter', spec.packageName, 'build'];
  const [file, ...args] = options.background ? ['nice', '-n', '10', ...command] : command;
  return new Promise((resolve, reject) => {
    const child = spawn(file!, args, {
      cwd: WORKSPACE_ROOT,
      env: { ...process.env, ...spec.env, OUT_DIR: outDir },
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: options.background ?? false,
    });
    options.started?.(child);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`The ${label} build failed (${signal ?? `exit ${code}`}):\n${stderr}`)),
    );
  });
}

/** Builds `spec` into its folder and says how it ended, for whoever waits on it. */
async function buildClaimed(spec: BuildSpec, files: BuildFiles, options: BuildOptions = {}) {
  try {
    await mkdir(files.outDir, { recursive: true });
    await runBuild(spec, files.outDir, options);
    await writeFile(files.done, '');
  } catch (error) {
    await writeFile(files.failed, error instanceof Error ? error.message : String(error));
    throw error;
  }
}

/** Claims the build of `spec` for this process; false when another already has it. */
async function claim(files: BuildFiles): Promise<boolean> {
  try {
    await (await open(files.claim, 'wx')).close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

async function finished(files: BuildFiles): Promise<string> {
  for (;;) {
    if (await exists(files.done)) return files.outDir;
    if (await exists(files.failed)) throw new Error(await readFile(files.failed, 'utf8'));
    await sleep(250);
  }
}

/**
 * The folder of a build of `spec`, made once per run: the first caller (or the global setup,
 * in the background) builds it, later ones wait for it and get the same folder. The folder
 * is shared: read it, serve it, never change or delete it (the global teardown does).
 */
export async function buildOf(spec: BuildSpec): Promise<string> {
  const files = filesOf(buildsRoot(), spec);
  if (await claim(files)) await buildClaimed(spec, files);
  return finished(files);
}

/** Background builds under way, and what stops them. */
export interface BackgroundBuilds {
  /** Resolves when every build has ended. */
  readonly done: Promise<void>;
  /** Stops the build under way and drops the rest. */
  stop(): void;
}

/**
 * Builds `specs` one after another at a low priority, so that they use the CPU time the tests
 * leave; `buildOf` waits for one still under way.
 */
export function buildInBackground(specs: readonly BuildSpec[]): BackgroundBuilds {
  let stopped = false;
  let current: ChildProcess | null = null;
  const done = (async () => {
    const root = buildsRoot();
    const claimed: { spec: BuildSpec; files: BuildFiles }[] = [];
    for (const spec of specs) {
      const files = filesOf(root, spec);
      if (await claim(files)) claimed.push({ spec, files });
    }
    for (const { spec, files } of claimed) {
      if (stopped) break;
      // A failure is written for the spec that waits on it; the next build still runs.
      await buildClaimed(spec, files, {
        background: true,
        started: (child) => (current = child),
      }).catch(() => undefined);
      current = null;
    }
  })();
  return {
    done,
    stop() {
      stopped = true;
      if (current?.pid !== undefined) process.kill(-current.pid, 'SIGTERM');
    },
  };
}

/** Names the run's shared build folder for the workers; returns what removes it. */
export async function shareBuilds(): Promise<() => Promise<void>> {
  const root = await mkdtemp(path.join(tmpdir(), 'loofi-e2e-builds-'));
  process.env[BUILDS_VARIABLE] = root;
  return () => rm(root, { recursive: true, force: true });
}

/** A workspace package built with `env`, once per run (see `buildOf`). */
export const buildPackage = (packageName: string, env: Record<string, string> = {}) =>
  buildOf({ packageName, env });
