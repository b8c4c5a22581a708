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
  /** Takes policy violation reports POSTed here (the policy's `report-to`) and prints them. */
  reportPath?: string;
  /** Where a report's line goes; standard error by default. */
  onReport?(line: string): void;
}

/** A report is a few hundred bytes; anything far larger is not one. */
const MAX_REPORT_BYTES = 64 * 1024;

/** The legacy `report-uri` body's fields, by the Reporting API's names. */
const LEGACY_FIELDS: Record<string, string> = {
  'document-uri': 'documentURL',
  'blocked-uri': 'blockedURL',
  'effective-directive': 'effectiveDirective',
  disposition: 'disposition',
  'source-file': 'sourceFile',
  'line-number': 'lineNumber',
  'column-number': 'columnNumber',
  'script-sample': 'sample',
};

/**
 * One line per violation, from a Reporting API body (`application/reports+json`, sent for
 * `report-to`) or a legacy one (`application/csp-report`, sent for `report-uri`).
 */
export function describeReports(body: string): string[] {
  let reports: unknown;
  try {
    reports = JSON.parse(body);
  } catch {
    return ['csp report: unreadable (not JSON)'];
  }
  const legacy = (reports as { 'csp-report'?: unknown } | null)?.['csp-report'];
  if (typeof legacy === 'object' && legacy !== null) {
    const fields = Object.entries(legacy).map(([key, value]) => [LEGACY_FIELDS[key] ?? key, value]);
    reports = [{ type: 'csp-violation', body: Object.fromEntries(fields) }];
  }
  const list = Array.isArray(reports) ? reports : [reports];
  return list.map((report: unknown) => {
    const { type, body: details } = (report ?? {}) as { type?: unknown; body?: unknown };
    const field = (name: string) => {
      const value = (details as Record<string, unknown> | null | undefined)?.[name];
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
    };
    const where = field('sourceFile')
      ? ` (${field('sourceFile')}:${field('lineNumber')}:${field('columnNumber')})`
      : '';
    const blocked = field('blockedURL') || field('sample') || 'inline';
    return `${String(type ?? 'report')}: ${field('effectiveDirective') || '?'} ${field('disposition') || ''} ${blocked} on ${field('documentURL') || '?'}${where}`.replace(
      / {2,}/g,
      ' ',
    );
  });
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** Serves one app's production build with gzip and the headers it is given. */
export function startStaticServer(options: StaticServerOptions): Promise<RunningServer> {
  const { root, port, spa, headers, host = '127.0.0.1', reportPath } = options;
  const onReport = options.onReport ?? ((line: string) => console.warn(line));
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
    if (reportPath !== undefined && pathname === reportPath && req.method === 'POST') {
      let body = '';
      let tooLarge = false;
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        body += chunk;
        if (body.length > MAX_REPORT_BYTES) tooLarge = true;
      });
      req.on('end', () => {
        if (tooLarge) onReport('csp report: refused, larger than 64 kB');
        else for (const line of describeReports(body)) onReport(line);
        res.writeHead(tooLarge ? 413 : 204).end();
      });
      return;
    }
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
