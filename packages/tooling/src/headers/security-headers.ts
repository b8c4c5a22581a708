import { audioSourcesOf } from '@loofi/contracts';
import { DEFAULT_POLICY_NAME, SCRIPT_POLICY_NAME } from '@loofi/contracts/apps';
import type { BackendChoice } from '@loofi/backend';
import type { PublicConfig } from '@loofi/contracts';
import type { AppId } from '@loofi/contracts/apps';

/** Every build writes the facts its headers depend on under this name. */
export const BUILD_FACTS_FILE = 'loofi-build.json';

/**
 * The build facts the headers depend on, written by the host build as
 * `loofi-build.json` (all of it is public: it is in the bundle anyway).
 */
export interface BuildFacts {
  config: PublicConfig;
  backend: BackendChoice;
  /** CSP hash sources (`'sha256-…'`) of the inline scripts of the app's index.html. */
  inlineScripts?: readonly string[];
}

export interface HeaderInputs {
  facts: BuildFacts;
  /** Origins the host may load remotes from: remotes.json's, or loopback for `pnpm serve`. */
  remoteOrigins: readonly string[];
  /** Origins allowed to load a remote's files (the host's). */
  hostOrigins: readonly string[];
  /** `local` also allows loopback media and images (the local server and its tests). */
  mode: 'local' | 'deploy';
  /**
   * Where browsers send reports of policy violations (`report-to`): the deploy's
   * `CSP_REPORT_URL`, or the local server's own `CSP_REPORT_PATH`. None when unset.
   */
  reportUrl?: string;
}

/** Where the local server takes violation reports and prints them (static-server.ts). */
export const CSP_REPORT_PATH = '/__csp-reports';
/** The `Reporting-Endpoints` name the policy's `report-to` refers to. */
const REPORT_ENDPOINT = 'csp';

/** Loopback sources, port-agnostic: the local site, its tests' fixture servers. */
export const LOOPBACK_SOURCES = ['http://localhost:*', 'http://127.0.0.1:*'] as const;

const originOf = (url: string) => new URL(url.replace('{url}', '')).origin;

const FIREBASE_CONNECT = [
  'https://*.googleapis.com',
  'https://*.firebaseio.com',
  'wss://*.firebaseio.com',
  'https://*.firebasedatabase.app',
  'wss://*.firebasedatabase.app',
];

/** Every source the host page needs, per directive, from the configuration. */
function sources(inputs: HeaderInputs) {
  const { facts, remoteOrigins, mode } = inputs;
  const local = mode === 'local' ? [...LOOPBACK_SOURCES] : [];
  const connect = new Set<string>(["'self'", ...remoteOrigins, ...local]);
  connect.add(originOf(facts.config.jamendoApiUrl));
  // The hosts whose audio 'Normalise volume' may read once per track to measure it:
  // Jamendo's storage hosts and the deploy's AUDIO_ORIGINS.
  for (const source of audioSourcesOf(facts.config)) connect.add(source);
  connect.add(originOf(facts.config.scrapeProxyUrl));
  const script = new Set<string>(["'self'", ...remoteOrigins, ...(facts.inlineScripts ?? [])]);
  const frame = new Set<string>();
  const policies = new Set<string>([SCRIPT_POLICY_NAME]);
  const { backend } = facts;
  if (backend.kind === 'firebase') {
    if (backend.emulators) {
      const { authUrl, firestore, database } = backend.emulators;
      connect.add(new URL(authUrl).origin);
      connect.add(`http://${firestore.host}:${firestore.port}`);
      connect.add(`http://${database.host}:${database.port}`);
      connect.add(`ws://${database.host}:${database.port}`);
    } else {
      for (const source of FIREBASE_CONNECT) connect.add(source);
      // Google's popup sign-in loads its helper script and frames the auth domain. Firebase
      // Auth assigns that script's URL as a plain string: the default policy passes it
      // (created by the popup's adapter, admitting only Google's helper and the site's own).
      script.add('https://apis.google.com');
      policies.add(DEFAULT_POLICY_NAME);
      frame.add(`https://${backend.config.authDomain}`);
      frame.add('https://apis.google.com');
    }
  }
  return { connect, script, frame, local, policies };
}

/**
 * The Content-Security-Policy of a page of the site. Scripts come only from the site and
 * the remotes, and the inline start script by its hash; no 'unsafe-inline' or 'unsafe-eval'
 * in script-src. Styles allow inline
 * style elements because emotion (MUI's styling engine) writes them at runtime.
 */
export function contentSecurityPolicy(inputs: HeaderInputs): string {
  const { connect, script, frame, local, policies } = sources(inputs);
  const directives: [string, readonly string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', [...script]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', 'https:', ...local, ...inputs.remoteOrigins]],
    ['media-src', ["'self'", 'blob:', 'https:', ...local]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', [...connect]],
    ['frame-src', frame.size ? [...frame] : ["'none'"]],
    ['object-src', ["'none'"]],
    // Nothing sets a <base>: relative URLs always resolve against the page itself.
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    // A script sink (a script's src, a worker's URL, markup parsed as HTML) takes only what a
    // policy made, and the one policy admits only the site's and its remotes' scripts.
    ['require-trusted-types-for', ["'script'"]],
    ['trusted-types', [...policies]],
  ];
  if (inputs.reportUrl !== undefined) {
    // report-uri for every browser; report-to for those with the Reporting API, which then
    // ignore report-uri and send in batches, a minute or more later. Locally only report-uri:
    // the developer (and the tests) see each violation printed the moment it happens.
    directives.push(['report-uri', [inputs.reportUrl]]);
    if (inputs.mode === 'deploy') directives.push(['report-to', [REPORT_ENDPOINT]]);
  }
  return directives.map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`).join('; ');
}

/** The same on every response of every app. */
export function securityHeaders(inputs: HeaderInputs): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(inputs),
    ...(inputs.reportUrl === undefined || inputs.mode !== 'deploy'
      ? {}
      : { 'Reporting-Endpoints': `${REPORT_ENDPOINT}="${inputs.reportUrl}"` }),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'X-Frame-Options': 'DENY',
  };
}

const REVALIDATED = /(^|\/)(index\.html|remotes\.json|mf-manifest\.json|remoteEntry\.js)$/;
/** Content-hashed files never change under their name. */
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+(\.map)?$/;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export function cacheControl(pathname: string): string {
  return HASHED.test(pathname) && !REVALIDATED.test(pathname) ? IMMUTABLE : REVALIDATE;
}

/** Whether an origin matches a configured one; `http://localhost:*` matches any port. */
export function originAllowed(origin: string, allowed: readonly string[]): boolean {
  return allowed.some((pattern) =>
    pattern.endsWith(':*')
      ? origin.startsWith(pattern.slice(0, -1)) && /^\d+$/.test(origin.slice(pattern.length - 1))
      : origin === pattern,
  );
}

/**
 * CORS for a remote's files: only the host's configured origins may fetch them (the
 * federation runtime fetches mf-manifest.json). The host itself sends none.
 */
export function corsHeaders(
  app: AppId,
  requestOrigin: string | undefined,
  hostOrigins: readonly string[],
): Record<string, string> {
  if (app === 'host') return {};
  const headers: Record<string, string> = { Vary: 'Origin' };
  if (requestOrigin && originAllowed(requestOrigin, hostOrigins)) {
    headers['Access-Control-Allow-Origin'] = requestOrigin;
  }
  return headers;
}

/** All the headers of one response of an app. */
export function responseHeaders(
  app: AppId,
  inputs: HeaderInputs,
  pathname: string,
  requestOrigin: string | undefined,
): Record<string, string> {
  return {
    ...securityHeaders(inputs),
    'Cache-Control': cacheControl(pathname),
    ...corsHeaders(app, requestOrigin, inputs.hostOrigins),
  };
}
