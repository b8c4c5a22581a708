import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APPS } from '@loofi/contracts/apps';
import type { AppId } from '@loofi/contracts/apps';
import { WORKSPACE_ROOT } from '@loofi/tooling/serve';

/** Builds a workspace package (an app, or an app of the tests) into a new temporary folder. */
export async function buildPackage(
  packageName: string,
  env: Record<string, string> = {},
): Promise<string> {
  const label = packageName.replace(/^@loofi\//, '');
  const outDir = await mkdtemp(path.join(tmpdir(), `loofi-${label}-build-`));
  await new Promise<void>((resolve, reject) => {
    const child = spawn('pnpm', ['--filter', packageName, 'build'], {
      cwd: WORKSPACE_ROOT,
      env: { ...process.env, ...env, OUT_DIR: outDir },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`The ${label} build failed:\n${stderr}`)),
    );
  });
  return outDir;
}

/**
 * Builds an app again with other build-time variables (no whitelist, the Beta flag, another
 * contract version …) into a folder of its own, to serve beside the normal builds.
 */
export function buildVariant(app: AppId, env: Record<string, string>): Promise<string> {
  return buildPackage(APPS[app].packageName, env);
}

/** The host, built again with other build-time variables. */
export function buildHostVariant(env: Record<string, string>): Promise<string> {
  return buildVariant('host', env);
}
