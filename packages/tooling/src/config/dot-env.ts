import { existsSync } from 'node:fs';
import path from 'node:path';

/** The workspace root: the nearest folder up from `from` with a pnpm-workspace.yaml. */
function findWorkspaceRoot(from = process.cwd()): string | null {
  let dir = path.resolve(from);
  for (;;) {
    if (existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/**
 * Loads the workspace's optional `.env` file into the process environment. Variables that
 * are already set win, so `WHITELISTED_EMAILS=… pnpm start` overrides the file.
 */
export function loadDotEnv(from = process.cwd()): string | null {
  const root = findWorkspaceRoot(from);
  const file = root && path.join(root, '.env');
  if (!file || !existsSync(file)) return null;
  process.loadEnvFile(file);
  return file;
}
