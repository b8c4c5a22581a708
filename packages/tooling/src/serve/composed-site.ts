import { readFileSync } from 'node:fs';
import path from 'node:path';
import { APPS } from '@loofi/contracts/apps';
import type { AppId } from '@loofi/contracts/apps';
import { loadToolingEnv, portOf } from '../env';
import type { ToolingEnv } from '../env';
import { BUILD_FACTS_FILE, CSP_REPORT_PATH, LOOPBACK_SOURCES, responseHeaders } from '../headers';
import type { BuildFacts, HeaderInputs } from '../headers';
import { startStaticServer } from './static-server';
import type { RunningServer } from './static-server';

/** The workspace root, where the apps' folders are. */
export const WORKSPACE_ROOT = path.resolve(import.meta.dirname, '../../../..');

export function distOf(app: AppId): string {
  return path.join(WORKSPACE_ROOT, APPS[app].dir, 'dist');
}

export function readBuildFacts(root: string): BuildFacts {
  try {
    return JSON.parse(readFileSync(path.join(root, BUILD_FACTS_FILE), 'utf8')) as BuildFacts;
  } catch (cause) {
    throw new Error(`No ${BUILD_FACTS_FILE} in ${root}: build the apps first (pnpm build).`, {
      cause,
    });
  }
}

/**
 * The header inputs of the local site: remotes may come from any loopback port (a remote
 * moved by remotes.json in the tests), and only loopback pages may load the remotes.
 */
function localHeaderInputs(root: string, env: ToolingEnv = loadToolingEnv()): HeaderInputs {
  return {
    facts: readBuildFacts(root),
    remoteOrigins: [...LOOPBACK_SOURCES],
    hostOrigins: env.HOST_ORIGINS,
    mode: 'local',
    // Each app's server takes the reports of its own pages and prints them.
    reportUrl: CSP_REPORT_PATH,
  };
}

/** Serves one app's production build on its port, with the site's headers. */
export function serveApp(
  app: AppId,
  port: number,
  root = distOf(app),
  /** Where the policy violation reports it is sent are printed (standard error by default). */
  options: { onReport?: (line: string) => void } = {},
): Promise<RunningServer> {
  const inputs = localHeaderInputs(root);
  return startStaticServer({
    root,
    port,
    spa: app === 'host',
    reportPath: CSP_REPORT_PATH,
    onReport: options.onReport,
    headers: (pathname, origin) => responseHeaders(app, inputs, pathname, origin),
  });
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
