import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import compression from 'compression';
import sirv from 'sirv';

export interface StaticServerOptions {
  /** The folder to serve: an app's `dist/`. */
  root: string;
  port: number;
  /** Answer unknown paths with index.html (the host's client-side routes). */
  spa: boolean;
  /** Allow other origins to load these files (a remote's files are loaded by the host). */
  cors: boolean;
  host?: string;
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/** Files that name the current build: always revalidated, so a redeploy is seen at once. */
const REVALIDATED = /(^|\/)(index\.html|remotes\.json|mf-manifest\.json|remoteEntry\.js)$/;
/** Content-hashed files never change under their name. */
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+(\.map)?$/;

function cacheControl(pathname: string): string {
  if (HASHED.test(pathname) && !REVALIDATED.test(pathname)) {
    return 'public, max-age=31536000, immutable';
  }
  return 'no-cache';
}

type Handler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** Serves one app's production build with gzip, cache headers and, for remotes, CORS. */
export function startStaticServer(options: StaticServerOptions): Promise<RunningServer> {
  const { root, port, spa, cors, host = '127.0.0.1' } = options;
  if (!existsSync(path.join(root, 'index.html'))) {
    return Promise.reject(
      new Error(`Nothing to serve in ${root}: build the apps first (pnpm build).`),
    );
  }
  const gzip = compression() as unknown as Handler;
  const files = sirv(root, {
    single: spa,
    dev: false,
    etag: true,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', cacheControl(pathname));
    },
  });

  const server = createServer((req, res) => {
    if (cors) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      if (req.method === 'OPTIONS') {
        res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
        res.writeHead(204).end();
        return;
      }
    }
    gzip(req, res, () =>
      files(req, res, () => {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      }),
    );
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: actualPort } = server.address() as AddressInfo;
      resolve({
        url: `http://localhost:${actualPort}`,
        port: actualPort,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            server.closeAllConnections();
          }),
      });
    });
  });
}
