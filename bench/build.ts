import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { APPS, APP_IDS } from '@loofi/contracts/apps';
import type { AppId } from '@loofi/contracts/apps';
import { distOf, WORKSPACE_ROOT } from '@loofi/tooling/serve';
import type { Cleanup } from './cleanup';
import type { BuildMode } from './options';

export type AppRoots = Record<AppId, string>;

export interface BuildOutcome {
  roots: AppRoots;
  /** Wall seconds of the cold build, or null when nothing was built. */
  seconds: number | null;
  /** What was done, for the table when nothing was timed. */
  note: string;
}

/** The last lines of a failed build are what tell its reader why. */
const OUTPUT_TAIL = 60;

/**
 * Runs a command in its own process group, so that the cleanup can end it together with
 * the rspack processes it starts, and shows its output only if it fails.
 */
function runQuietly(
  cleanup: Cleanup,
  label: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('pnpm', [...args], {
      cwd: WORKSPACE_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    let done = false;
    cleanup.add(label, async () => {
      if (!done && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    });
    child.on('error', (error) => {
      done = true;
      reject(error);
    });
    child.on('exit', (code, signal) => {
      done = true;
      if (code === 0) {
        resolve();
        return;
      }
      const tail = output.trimEnd().split('\n').slice(-OUTPUT_TAIL).join('\n');
      reject(new Error(`${label} failed (${signal ?? `exit ${code}`}):\n${tail}`));
    });
  });
}

/** The build environment without a stray OUT_DIR, which would send every app to one folder. */
function buildEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  if (!('OUT_DIR' in extra)) delete env.OUT_DIR;
  return env;
}

function rootsIn(buildDir: string | null): AppRoots {
  return Object.fromEntries(
    APP_IDS.map((app) => [app, buildDir ? path.join(buildDir, app) : distOf(app)]),
  ) as AppRoots;
}

const isBuilt = (root: string) => existsSync(path.join(root, 'index.html'));

/**
 * Obtains the four production builds. A cold build deletes the output folders first and
 * times the whole of it: `pnpm build` for the apps' dist/ folders, or the same four builds
 * one after another (as `pnpm build` runs them) when they go to a folder of the bench's own.
 */
export async function obtainBuilds(
  mode: BuildMode,
  buildDir: string | null,
  cleanup: Cleanup,
): Promise<BuildOutcome> {
  const roots = rootsIn(buildDir);
  const missing = APP_IDS.filter((app) => !isBuilt(roots[app]));
  if (mode === 'skip' || (mode === 'if-missing' && missing.length === 0)) {
    if (missing.length > 0) {
      throw new Error(`No build of ${missing.join(', ')}: run pnpm build, or drop --skip-build.`);
    }
    return {
      roots,
      seconds: null,
      note: mode === 'skip' ? 'n/a (--skip-build)' : 'n/a (quick: the builds exist)',
    };
  }

  await Promise.all(APP_IDS.map((app) => rm(roots[app], { recursive: true, force: true })));
  const started = performance.now();
  if (buildDir === null) {
    await runQuietly(cleanup, 'pnpm build', ['build'], buildEnv());
  } else {
    for (const app of APP_IDS) {
      await runQuietly(
        cleanup,
        `the ${app} build`,
        ['--filter', APPS[app].packageName, 'build'],
        buildEnv({ OUT_DIR: roots[app] }),
      );
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    roots,
    seconds,
    note: buildDir === null ? 'pnpm build' : `four builds into ${buildDir}`,
  };
}

/** The host built again with other build-time variables, into a temporary folder. */
export async function buildHostVariant(
  env: Record<string, string>,
  cleanup: Cleanup,
): Promise<string> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'loofi-bench-host-'));
  cleanup.add(`the host variant in ${outDir}`, () => rm(outDir, { recursive: true, force: true }));
  await runQuietly(
    cleanup,
    'the host variant build',
    ['--filter', APPS.host.packageName, 'build'],
    buildEnv({ ...env, OUT_DIR: outDir }),
  );
  return outDir;
}
