import { describe, expect, it } from 'vitest';
import { FAKE_CONFIG } from '@loofi/backend/testing';
import {
  cacheControl,
  contentSecurityPolicy,
  corsHeaders,
  IMMUTABLE,
  originAllowed,
  REVALIDATE,
  securityHeaders,
} from './security-headers';
import type { HeaderInputs } from './security-headers';

const deploy: HeaderInputs = {
  facts: { config: FAKE_CONFIG, backend: { kind: 'local' } },
  remoteOrigins: ['https://home.example.org', 'https://music.example.org'],
  hostOrigins: ['https://loofi.example.org'],
  mode: 'deploy',
};

const directive = (csp: string, name: string) =>
  csp
    .split('; ')
    .find((entry) => entry.startsWith(`${name} `))
    ?.slice(name.length + 1)
    .split(' ');

describe('contentSecurityPolicy', () => {
  it('lets scripts come only from the site and its remotes, never inline or eval', () => {
    const script = directive(contentSecurityPolicy(deploy), 'script-src');
    expect(script).toEqual(["'self'", 'https://home.example.org', 'https://music.example.org']);
  });

  it('allows the inline start script of index.html by its hash only', () => {
    const hash = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";
    const csp = contentSecurityPolicy({
      ...deploy,
      facts: { ...deploy.facts, inlineScripts: [hash] },
    });
    expect(directive(csp, 'script-src')).toEqual([
      "'self'",
      'https://home.example.org',
      'https://music.example.org',
      hash,
    ]);
  });

  it('connects to the remotes, Jamendo (its API and its audio hosts) and the scrape proxy, and frames nothing', () => {
    const csp = contentSecurityPolicy(deploy);
    expect(directive(csp, 'connect-src')).toEqual([
      "'self'",
      'https://home.example.org',
      'https://music.example.org',
      'https://api.jamendo.com',
      'https://*.jamendo.com',
      'https://api.allorigins.win',
    ]);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(csp, 'frame-src')).toEqual(["'none'"]);
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
    expect(directive(csp, 'base-uri')).toEqual(["'none'"]);
  });

  it('reports violations to the configured endpoint only when there is one', () => {
    expect(directive(contentSecurityPolicy(deploy), 'report-to')).toBeUndefined();
    expect(securityHeaders(deploy)).not.toHaveProperty('Reporting-Endpoints');
    const reporting = { ...deploy, reportUrl: 'https://reports.example.org/csp' };
    expect(directive(contentSecurityPolicy(reporting), 'report-to')).toEqual(['csp']);
    expect(directive(contentSecurityPolicy(reporting), 'report-uri')).toEqual([
      'https://reports.example.org/csp',
    ]);
    expect(securityHeaders(reporting)['Reporting-Endpoints']).toBe(
      'csp="https://reports.example.org/csp"',
    );
    // The local server takes each report at once: report-uri alone.
    const local = { ...reporting, mode: 'local' as const, reportUrl: '/__csp-reports' };
    expect(directive(contentSecurityPolicy(local), 'report-uri')).toEqual(['/__csp-reports']);
    expect(directive(contentSecurityPolicy(local), 'report-to')).toBeUndefined();
    expect(securityHeaders(local)).not.toHaveProperty('Reporting-Endpoints');
  });

  it("lets the page read the owner's audio hosts, when the deploy names them", () => {
    const csp = contentSecurityPolicy({
      ...deploy,
      facts: {
        ...deploy.facts,
        config: { ...deploy.facts.config, audioOrigins: ['https://cdn.example.org'] },
      },
    });
    expect(directive(csp, 'connect-src')).toContain('https://cdn.example.org');
    expect(directive(contentSecurityPolicy(deploy), 'connect-src')).not.toContain(
      'https://cdn.example.org',
    );
  });

  it('adds the Google sign-in and Firebase endpoints only when Firebase is configured', () => {
    const firebase: HeaderInputs = {
      ...deploy,
      facts: {
        config: FAKE_CONFIG,
        backend: {
          kind: 'firebase',
          config: {
            apiKey: 'k',
            authDomain: 'loofi.firebaseapp.com',
            projectId: 'loofi',
            databaseURL: 'https://loofi.firebaseio.com',
            appId: 'a',
          },
        },
      },
    };
    const csp = contentSecurityPolicy(firebase);
    expect(directive(csp, 'frame-src')).toContain('https://loofi.firebaseapp.com');
    expect(directive(csp, 'connect-src')).toContain('wss://*.firebaseio.com');
    expect(directive(csp, 'script-src')).toContain('https://apis.google.com');
    expect(contentSecurityPolicy(deploy)).not.toMatch(/firebase|googleapis/);
  });

  it('allows loopback media only for the local site', () => {
    expect(directive(contentSecurityPolicy(deploy), 'media-src')).not.toContain(
      'http://127.0.0.1:*',
    );
    expect(directive(contentSecurityPolicy({ ...deploy, mode: 'local' }), 'media-src')).toContain(
      'http://127.0.0.1:*',
    );
  });
});

describe('cacheControl', () => {
  it.each(['/index.html', '/remotes.json', '/mf-manifest.json', '/remoteEntry.js'])(
    'revalidates %s on every load',
    (file) => expect(cacheControl(file)).toBe(REVALIDATE),
  );

  it('keeps content-hashed chunks for a year', () => {
    expect(cacheControl('/static/js/main.1a2b3c4d.js')).toBe(IMMUTABLE);
    expect(cacheControl('/static/js/main.1a2b3c4d.js.map')).toBe(IMMUTABLE);
    expect(cacheControl('/demo/rain.wav')).toBe(REVALIDATE);
  });
});

describe('CORS', () => {
  it("answers only the host's configured origins, with port wildcards", () => {
    expect(originAllowed('http://localhost:3010', ['http://localhost:*'])).toBe(true);
    expect(originAllowed('http://localhost.evil.example', ['http://localhost:*'])).toBe(false);
    expect(corsHeaders('home', 'https://loofi.example.org', deploy.hostOrigins)).toEqual({
      Vary: 'Origin',
      'Access-Control-Allow-Origin': 'https://loofi.example.org',
    });
    expect(corsHeaders('home', 'https://evil.example', deploy.hostOrigins)).toEqual({
      Vary: 'Origin',
    });
    expect(corsHeaders('host', 'https://loofi.example.org', deploy.hostOrigins)).toEqual({});
  });
});
