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
  /** The headers of a response, by path and the request's Origin (security, cache, CORS). */
  headers(pathname: string, origin: string | undefined): Record<string, string>;
  host?: string;
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** Serves one app's production build with gzip and the headers it is given. */
export function startStaticServer(options: StaticServerOptions): Promise<RunningServer> {
  const { root, port, spa, headers, host = '127.0.0.1' } = options;
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
  });

  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    // Client-side routes answer with index.html: they get its headers too.
    const file = spa && !path.extname(pathname) ? '/index.html' : pathname;
    for (const [name, value] of Object.entries(headers(file, req.headers.origin))) {
      res.setHeader(name, value);
    }
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      res.writeHead(204).end();
      return;
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
