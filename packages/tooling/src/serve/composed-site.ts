import path from 'node:path';
import { APPS } from '@loofi/shared/federation';
import type { AppId } from '@loofi/shared/federation';
import { loadToolingEnv, portOf } from '../env';
import type { ToolingEnv } from '../env';
import { startStaticServer } from './static-server';
import type { RunningServer } from './static-server';

/** The workspace root, where the apps' folders are. */
export const WORKSPACE_ROOT = path.resolve(import.meta.dirname, '../../../..');

export function distOf(app: AppId): string {
  return path.join(WORKSPACE_ROOT, APPS[app].dir, 'dist');
}

/** Serves one app's production build on its port. */
export function serveApp(app: AppId, port: number, root = distOf(app)): Promise<RunningServer> {
  const isHost = app === 'host';
  return startStaticServer({ root, port, spa: isHost, cors: !isHost });
}

export type ComposedSite = Record<AppId, RunningServer> & { close(): Promise<void> };

/** The composed production site: the host and the three remotes, each on its own port. */
export async function startComposedSite(env: ToolingEnv = loadToolingEnv()): Promise<ComposedSite> {
  const ids = Object.keys(APPS) as AppId[];
  const servers = await Promise.all(ids.map((app) => serveApp(app, portOf(app, env))));
  const byApp = Object.fromEntries(ids.map((app, index) => [app, servers[index]])) as Record<
    AppId,
    RunningServer
  >;
  return {
    ...byApp,
    close: async () => {
      await Promise.all(servers.map((server) => server.close()));
    },
  };
}
