import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WORKSPACE_ROOT } from '@loofi/tooling/serve';

/**
 * Builds the host again with other build-time variables (no whitelist, the Beta flag) into
 * a folder of its own, to serve beside the normal build. The remotes are shared.
 */
export async function buildHostVariant(env: Record<string, string>): Promise<string> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'loofi-host-variant-'));
  await new Promise<void>((resolve, reject) => {
    const child = spawn('pnpm', ['--filter', '@loofi/host', 'build'], {
      cwd: WORKSPACE_ROOT,
      env: { ...process.env, ...env, OUT_DIR: outDir },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`The host variant build failed:\n${stderr}`)),
    );
  });
  return outDir;
}
