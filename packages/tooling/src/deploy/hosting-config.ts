import path from 'node:path';
import { APPS } from '@loofi/contracts/apps';
import type { AppId, RemotesManifest } from '@loofi/contracts/apps';
import { BUILD_FACTS_FILE, IMMUTABLE, REVALIDATE, securityHeaders } from '../headers';
import type { BuildFacts, HeaderInputs } from '../headers';

interface HostingHeader {
  key: string;
  value: string;
}

export interface HostingTarget {
  target: AppId;
  public: string;
  ignore: string[];
  rewrites?: { source: string; destination: string }[];
  headers: { source: string; headers: HostingHeader[] }[];
}

const list = (headers: Record<string, string>): HostingHeader[] =>
  Object.entries(headers).map(([key, value]) => ({ key, value }));

export interface HostingInputs {
  /** The facts each built app wrote (loofi-build.json); apps not built get no target. */
  facts: Partial<Record<AppId, BuildFacts>>;
  /** The deployed remotes.json: where the host finds each remote. */
  remotes: RemotesManifest;
  /** The host's deployed origin(s); Firebase Hosting can send only one CORS origin. */
  hostOrigins: readonly string[];
  /** Where browsers send policy violation reports (CSP_REPORT_URL); none when unset. */
  reportUrl?: string;
  /** Where firebase.json lives, to make the apps' dist folders relative to it. */
  firebaseDir: string;
  workspaceRoot: string;
}

/**
 * The `hosting` section of firebase.json: one target per app, each deployable alone, with
 * the same security, cache and CORS headers as the server behind `pnpm start` (both come
 * from ../headers), only with the deployed origins instead of loopback.
 */
export function hostingConfig(inputs: HostingInputs): HostingTarget[] {
  const remoteOrigins = [
    ...new Set(Object.values(inputs.remotes).map((url) => new URL(url).origin)),
  ];
  const [hostOrigin] = inputs.hostOrigins;
  if (!hostOrigin) throw new Error('HOST_ORIGINS must name the host’s deployed origin.');

  return (Object.keys(APPS) as AppId[]).flatMap((app) => {
    const facts = inputs.facts[app];
    if (!facts) return [];
    const headerInputs: HeaderInputs = {
      facts,
      remoteOrigins,
      hostOrigins: inputs.hostOrigins,
      mode: 'deploy',
      ...(inputs.reportUrl === undefined ? {} : { reportUrl: inputs.reportUrl }),
    };
    const isHost = app === 'host';
    const target: HostingTarget = {
      target: app,
      public: path.relative(
        inputs.firebaseDir,
        path.join(inputs.workspaceRoot, APPS[app].dir, 'dist'),
      ),
      ignore: [BUILD_FACTS_FILE, '**/*.map'],
      ...(isHost ? { rewrites: [{ source: '**', destination: '/index.html' }] } : {}),
      headers: [
        {
          source: '**',
          headers: list({
            ...securityHeaders(headerInputs),
            ...(isHost ? {} : { 'Access-Control-Allow-Origin': hostOrigin, Vary: 'Origin' }),
          }),
        },
        { source: 'static/**', headers: list({ 'Cache-Control': IMMUTABLE }) },
        {
          source: '**/@(index.html|remotes.json|mf-manifest.json|remoteEntry.js)',
          headers: list({ 'Cache-Control': REVALIDATE }),
        },
        ...(isHost ? [{ source: '/', headers: list({ 'Cache-Control': REVALIDATE }) }] : []),
      ],
    };
    return [target];
  });
}
