import { describe, expect, it } from 'vitest';
import { FAKE_CONFIG } from '@loofi/backend/testing';
import type { TabName } from '@loofi/contracts';
import { APP_IDS, REMOTE_IDS, remotesManifestFor } from '@loofi/contracts/apps';
import { responseHeaders } from '../headers';
import type { BuildFacts } from '../headers';
import { hostingConfig } from './hosting-config';

const facts: BuildFacts = { config: FAKE_CONFIG, backend: { kind: 'local' } };
/** https://home.example.org/mf-manifest.json and the like, one per tab. */
const remotes = remotesManifestFor(
  Object.fromEntries(REMOTE_IDS.map((tab) => [tab, `https://${tab}.example.org`])) as Record<
    TabName,
    string
  >,
);
const inputs = {
  facts: Object.fromEntries(APP_IDS.map((app) => [app, facts])),
  remotes,
  hostOrigins: ['https://loofi.example.org'],
  firebaseDir: '/repo/firebase',
  workspaceRoot: '/repo',
};
const targets = hostingConfig(inputs);
const target = (name: string) => targets.find((entry) => entry.target === name)!;
const header = (name: string, source: string, key: string) =>
  target(name)
    .headers.find((rule) => rule.source === source)
    ?.headers.find((entry) => entry.key === key)?.value;

describe('hostingConfig', () => {
  it('has one target per app, each serving its own dist folder', () => {
    expect(targets.map((entry) => [entry.target, entry.public])).toEqual([
      ['host', '../host/dist'],
      ['home', '../remotes/home/dist'],
      ['music', '../remotes/music/dist'],
      ['settings', '../remotes/settings/dist'],
    ]);
    expect(target('host').rewrites).toEqual([{ source: '**', destination: '/index.html' }]);
    expect(target('music').rewrites).toBeUndefined();
  });

  it('sends the same security headers as the local server, for the deployed origins', () => {
    const served = responseHeaders(
      'host',
      {
        facts,
        remoteOrigins: Object.values(remotes).map((url) => new URL(url).origin),
        hostOrigins: ['https://loofi.example.org'],
        mode: 'deploy',
      },
      '/index.html',
      undefined,
    );
    expect(header('host', '**', 'Content-Security-Policy')).toBe(served['Content-Security-Policy']);
    expect(header('host', '**', 'Content-Security-Policy')).toContain(
      "script-src 'self' https://home.example.org https://music.example.org https://settings.example.org",
    );
    expect(header('home', '**', 'X-Content-Type-Options')).toBe('nosniff');
    expect(header('host', '**', 'Reporting-Endpoints')).toBeUndefined();
  });

  it('names the deploy’s report endpoint in every target’s policy when there is one', () => {
    const reporting = hostingConfig({ ...inputs, reportUrl: 'https://reports.example.org/csp' });
    for (const entry of reporting) {
      const all = entry.headers.find((rule) => rule.source === '**')!.headers;
      expect(all).toContainEqual({
        key: 'Reporting-Endpoints',
        value: 'csp="https://reports.example.org/csp"',
      });
      expect(all.find((h) => h.key === 'Content-Security-Policy')?.value).toMatch(
        /; report-uri https:\/\/reports\.example\.org\/csp; report-to csp$/,
      );
    }
  });

  it('revalidates the files that name a build and keeps hashed chunks for a year', () => {
    for (const app of ['host', 'home']) {
      expect(header(app, 'static/**', 'Cache-Control')).toBe('public, max-age=31536000, immutable');
      expect(
        header(
          app,
          '**/@(index.html|remotes.json|mf-manifest.json|remoteEntry.js)',
          'Cache-Control',
        ),
      ).toBe('no-cache');
    }
  });

  it("lets only the host's origin load a remote", () => {
    expect(header('music', '**', 'Access-Control-Allow-Origin')).toBe('https://loofi.example.org');
    expect(header('host', '**', 'Access-Control-Allow-Origin')).toBeUndefined();
  });
});
