import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_CONFIG } from '@loofi/backend/testing';
import { responseHeaders } from '../headers';
import type { HeaderInputs } from '../headers';
import { startStaticServer } from './static-server';
import type { RunningServer } from './static-server';

let root: string;
let remote: RunningServer;
let host: RunningServer;
const reports: string[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'loofi-serve-'));
  await mkdir(path.join(root, 'static/js'), { recursive: true });
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(path.join(root, 'remoteEntry.js'), 'var entry = 1;');
  await writeFile(path.join(root, 'static/js/main.0123abcd.js'), 'x'.repeat(4096));
  const inputs: HeaderInputs = {
    facts: {
      config: FAKE_CONFIG,
      backend: { kind: 'local' },
    },
    remoteOrigins: ['http://127.0.0.1:*'],
    hostOrigins: ['http://localhost:3000'],
    mode: 'local',
    reportUrl: '/__csp-reports',
  };
  remote = await startStaticServer({
    root,
    port: 0,
    spa: false,
    headers: (pathname, origin) => responseHeaders('music', inputs, pathname, origin),
  });
  host = await startStaticServer({
    root,
    port: 0,
    spa: true,
    reportPath: '/__csp-reports',
    onReport: (line) => reports.push(line),
    headers: (pathname, origin) => responseHeaders('host', inputs, pathname, origin),
  });
});

afterAll(async () => {
  await Promise.all([remote.close(), host.close()]);
  await rm(root, { recursive: true, force: true });
});

describe('startStaticServer', () => {
  it('revalidates the files that name a build and keeps hashed chunks for a year', async () => {
    const entry = await fetch(`${remote.url}/remoteEntry.js`);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    const chunk = await fetch(`${remote.url}/static/js/main.0123abcd.js`);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('compresses with gzip', async () => {
    const chunk = await fetch(`${remote.url}/static/js/main.0123abcd.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(chunk.headers.get('content-encoding')).toBe('gzip');
    expect(await chunk.text()).toBe('x'.repeat(4096));
  });

  it("lets only the host's origin load a remote's files", async () => {
    const allowed = await fetch(`${remote.url}/remoteEntry.js`, {
      headers: { origin: 'http://localhost:3000' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    const other = await fetch(`${remote.url}/remoteEntry.js`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const fromHost = await fetch(`${host.url}/remoteEntry.js`, {
      headers: { origin: 'http://localhost:3000' },
    });
    expect(fromHost.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('sends the security headers on every response, client-side routes included', async () => {
    const route = await fetch(`${host.url}/auth`);
    expect(route.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(route.headers.get('x-content-type-options')).toBe('nosniff');
    expect(route.headers.get('cache-control')).toBe('no-cache');
  });

  it("answers the host's client-side routes with index.html, a remote's with 404", async () => {
    const route = await fetch(`${host.url}/auth`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>app</title>');
    expect((await fetch(`${remote.url}/auth`)).status).toBe(404);
  });

  it('refuses to start on a folder that was never built', async () => {
    await expect(
      startStaticServer({
        root: path.join(root, 'nope'),
        port: 0,
        spa: false,
        headers: () => ({}),
      }),
    ).rejects.toThrow(/build the apps first/);
  });
});

describe('violation reports', () => {
  it('names its endpoint in every response and prints each report it is sent', async () => {
    const page = await fetch(`${host.url}/`);
    expect(page.headers.get('content-security-policy')).toMatch(/; report-uri \/__csp-reports$/);

    const sent = await fetch(`${host.url}/__csp-reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/reports+json' },
      body: JSON.stringify([
        {
          type: 'csp-violation',
          body: {
            documentURL: 'http://localhost:3000/',
            blockedURL: 'https://evil.example/x.js',
            effectiveDirective: 'script-src-elem',
            disposition: 'enforce',
            sourceFile: 'http://localhost:3000/static/js/main.js',
            lineNumber: 1,
            columnNumber: 20,
          },
        },
      ]),
    });
    expect(sent.status).toBe(204);
    expect(reports).toEqual([
      'csp-violation: script-src-elem enforce https://evil.example/x.js on http://localhost:3000/ (http://localhost:3000/static/js/main.js:1:20)',
    ]);

    reports.length = 0;
    const legacy = await fetch(`${host.url}/__csp-reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: JSON.stringify({
        'csp-report': {
          'document-uri': 'http://localhost:3000/auth',
          'blocked-uri': 'http://example.invalid/x.png',
          'effective-directive': 'img-src',
          disposition: 'enforce',
        },
      }),
    });
    expect(legacy.status).toBe(204);
    expect(reports).toEqual([
      'csp-violation: img-src enforce http://example.invalid/x.png on http://localhost:3000/auth',
    ]);

    reports.length = 0;
    const junk = await fetch(`${host.url}/__csp-reports`, { method: 'POST', body: 'not json' });
    expect(junk.status).toBe(204);
    expect(reports).toEqual(['csp report: unreadable (not JSON)']);
    const huge = await fetch(`${host.url}/__csp-reports`, {
      method: 'POST',
      body: 'x'.repeat(70_000),
    });
    expect(huge.status).toBe(413);
  });

  it('is not an endpoint of a server that takes no reports', async () => {
    const response = await fetch(`${remote.url}/__csp-reports`, { method: 'POST', body: '[]' });
    expect(response.status).not.toBe(204);
  });
});
