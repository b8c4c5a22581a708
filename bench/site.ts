import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REMOTE_IDS, remotesManifestFor } from '@loofi/contracts/apps';
import type { AppId, RemotesManifest } from '@loofi/contracts/apps';
import type { TabName } from '@loofi/contracts';
import { readBuildFacts, serveApp } from '@loofi/tooling/serve';
import type { AppRoots } from './build';
import type { Cleanup } from './cleanup';

/**
 * A private copy of a build. The static server lists its folder once at start and a file
 * deleted under it (another `pnpm build` in the same checkout) takes the process down, so
 * the bench serves copies that nothing else touches. Source maps are copied too: the bench
 * reads them to say which package each downloaded byte belongs to.
 */
async function copyBuild(root: string, app: AppId, cleanup: Cleanup): Promise<string> {
  const copy = await mkdtemp(path.join(tmpdir(), `loofi-bench-${app}-`));
  cleanup.add(`the copy of the ${app} build`, () => rm(copy, { recursive: true, force: true }));
  await cp(root, copy, { recursive: true });
  return copy;
}

export interface Remotes {
  /** What the host's remotes.json must say for these servers. */
  manifest: RemotesManifest;
}

/**
 * The three remotes, each on a free loopback port with the server and headers of
 * `pnpm start`, so the bench never collides with a running `pnpm serve` or e2e run.
 */
export async function serveRemotes(roots: AppRoots, cleanup: Cleanup): Promise<Remotes> {
  const origins: Partial<Record<TabName, string>> = {};
  for (const app of REMOTE_IDS) {
    const server = await serveApp(app, 0, await copyBuild(roots[app], app, cleanup));
    cleanup.add(`the ${app} server`, () => server.close());
    origins[app] = server.url;
  }
  return { manifest: remotesManifestFor(origins as Record<TabName, string>) };
}

export interface ServedHost {
  url: string;
  /** The backend the build was made for, from its build facts. */
  backend: 'local' | 'firebase';
}

/**
 * Serves a host build whose remotes.json points at the bench's remotes. The build names
 * the default ports in remotes.json; the copy gets that one file rewritten, as a deployer
 * would, and the build itself stays untouched.
 */
export async function serveHost(
  root: string,
  remotes: Remotes,
  cleanup: Cleanup,
  label: string,
): Promise<ServedHost> {
  const copy = await copyBuild(root, 'host', cleanup);
  await writeFile(
    path.join(copy, 'remotes.json'),
    `${JSON.stringify(remotes.manifest, null, 2)}\n`,
  );
  const server = await serveApp('host', 0, copy);
  cleanup.add(`the ${label} server`, () => server.close());
  return { url: server.url, backend: readBuildFacts(copy).backend.kind };
}
