// index.html's inline start script (production builds; see @loofi/tooling's
// earlyStartPlugin). It runs while the document is still being parsed, long before the
// app's first script has arrived: it fetches that script and runs it once the page has
// painted, and starts what a returning owner's dashboard will need: its chunks,
// `remotes.json`, the landing tab's remote manifest, that remote's first scripts and the
// page's own chunks it takes on demand (the full UI kit of Music and Settings). The app
// takes them over (./features/early-start); without this script it fetches them itself,
// only later. For a returning owner it also shows the prerendered starting shell in place of
// the sign-in page (./app/first-screen).
import { SIGNED_IN_ATTRIBUTE } from './app/first-screen';
import { hasSessionCookies } from './features/auth/session-cookie-names';
import { OFFLINE_MESSAGE } from './features/connection/offline-message';
import { publishEarlyFetches } from './features/early-start/early-fetches';
import type { EarlyFetches } from './features/early-start/early-fetches';
import { EXPOSED_MODULE } from '@loofi/contracts/apps';
import { sitePolicy } from '@loofi/federation';
import { readTabSession } from './features/navigation/tab-session';
import { readTabStart } from './features/early-start/start-hint';
import { firstScripts, sharedNamesOf } from './features/remotes/manifest-files';
import { REMOTES_MANIFEST_PATH, isHttpUrl } from './features/remotes/remotes-location';

/** Written by the build in front of this script: the chunks to start fetching. */
interface StartPlan {
  /** The page's own entry scripts. */
  entries: string[];
  /** Every visitor needs these (the backend's chunk). */
  always: string[];
  /** A signed-in owner needs these too (the dashboard's chunks). */
  signedIn: string[];
  /** What the page provides to remotes on demand, by share key (the full UI kit). */
  byShare?: Partial<Record<string, string[]>>;
}

const plan = (globalThis as { __loofiStartPlan?: StartPlan }).__loofiStartPlan;

// Before any of the site's scripts runs: the page's one Trusted Types policy, which every
// bundle's runtime asks for by name (@loofi/federation's sitePolicy).
const policy = sitePolicy();

const preloaded = new Set<string>();

function preloadScript(href: string): void {
  if (preloaded.has(href)) return;
  preloaded.add(href);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = href;
  document.head.append(link);
}

function runScript(href: string): void {
  const script = document.createElement('script');
  script.src = policy.scriptUrl(href);
  // One after the other, in the plan's order, as the build's own script tags would run.
  script.async = false;
  document.head.append(script);
}

/** The page's own chunks that a remote takes from it on demand, for the share keys given. */
function sharedScripts(names: string[]): string[] {
  return names.flatMap((name) => plan?.byShare?.[name] ?? []);
}

/** What a remote's first render needs, from its manifest: its own scripts and the page's. */
function preloadFirstScripts(manifestUrl: string, data: unknown): void {
  [
    ...firstScripts(manifestUrl, data, EXPOSED_MODULE),
    ...sharedScripts(sharedNamesOf(data)),
  ].forEach(preloadScript);
}

/** How long the app's first script waits for the page's first paint, at most. */
const FIRST_PAINT_WAIT_MS = 1_000;

/**
 * Runs `start` once the browser has painted the page (the prerendered sign-in page, or a
 * returning owner's starting shell), and at the latest after FIRST_PAINT_WAIT_MS: a
 * hidden page paints nothing until it is shown.
 */
function afterFirstPaint(start: () => void): void {
  let started = false;
  let observer: PerformanceObserver | undefined;
  const once = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    start();
  };
  if (
    typeof PerformanceObserver === 'function' &&
    PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    // A paint entry is reported once its frame is on the screen.
    observer = new PerformanceObserver(once);
    observer.observe({ type: 'paint', buffered: true });
  } else {
    // A task posted from a frame's callback runs after that frame's paint.
    requestAnimationFrame(() => setTimeout(once, 0));
  }
  setTimeout(once, FIRST_PAINT_WAIT_MS);
}

// The app's own first script, then what a returning owner's dashboard needs: the requests
// a slow network makes wait go out first.
plan?.entries.forEach(preloadScript);
if (hasSessionCookies(document.cookie)) startDashboard();

/**
 * A returning owner's dashboard: its chunks, `remotes.json`, the landing tab's manifest and
 * that remote's first scripts, started before anything else this script does.
 */
function startDashboard(): void {
  // Before the first paint: the starting shell shows, never the sign-in page.
  document.documentElement.setAttribute(SIGNED_IN_ATTRIBUTE, '');
  plan?.signedIn.forEach(preloadScript);
  const fetches: EarlyFetches = {
    remotes: fetch(REMOTES_MANIFEST_PATH, { cache: 'no-cache' }),
    manifests: {},
  };
  publishEarlyFetches(fetches);
  const tab = readTabSession();
  const started = new Set<string>();
  const startManifest = (url: string) => {
    // Once: the app may have taken the first request over already.
    if (started.has(url)) return;
    started.add(url);
    // The same request as the federation runtime's own, which takes this one over.
    const manifest = fetch(url, {});
    fetches.manifests[url] = manifest;
    manifest
      .then((response) => (response.ok ? response.clone().json() : null))
      .then((data: unknown) => preloadFirstScripts(url, data))
      .catch(() => undefined);
  };
  fetches.remotes
    ?.then((response) => (response.ok ? response.clone().json() : null))
    .then((remotes: Partial<Record<string, unknown>> | null) => {
      const url = remotes?.[tab];
      if (isHttpUrl(url)) startManifest(url);
    })
    .catch(() => undefined);
  // Each of these files names the next: one after the other, three round trips of a slow
  // network before the first tab. Started from where this browser last found them as well,
  // they run side by side; the network's answers still decide (a remote that moved is
  // fetched from where remotes.json now says, a redeployed one as its manifest now says).
  const last = readTabStart(tab);
  if (last) {
    startManifest(last.manifest);
    const scripts = [...last.scripts, ...sharedScripts(last.shared)];
    // With the worker in control, all but the entry come from its caches, and the entry's
    // network check is the long pole: at once. Over a cold cache they would take the
    // bandwidth the page's own first scripts need first: once the page has painted.
    if (navigator.serviceWorker?.controller) scripts.forEach(preloadScript);
    else afterFirstPaint(() => scripts.forEach(preloadScript));
  }
}

/** The offline notice, drawn without the app (whose script is what could not arrive). */
function showOfflineNotice(): HTMLElement {
  const notice = document.createElement('div');
  notice.setAttribute('role', 'status');
  notice.textContent = OFFLINE_MESSAGE;
  Object.assign(notice.style, {
    position: 'fixed',
    left: '8px',
    bottom: '8px',
    zIndex: '1400',
    padding: '12px 16px',
    borderRadius: '4px',
    background: '#ffa726',
    color: 'rgba(0, 0, 0, 0.87)',
    font: '500 0.875rem/1.43 Roboto, Helvetica, Arial, sans-serif',
  });
  document.body.append(notice);
  return notice;
}

/** How long to wait for the browser's `online` event before trying an entry again anyway. */
const ENTRY_RETRY_MS = 5_000;

// If the app's own script cannot be fetched (the connection dropped as the page arrived),
// the page would stay busy for good: say so, and fetch it again once the browser is back
// online (or after a few seconds, for a server that was only briefly away).
const entries = new Set(plan?.entries.map((entry) => new URL(entry, location.href).href));
window.addEventListener(
  'error',
  (event) => {
    const script = event.target;
    if (!(script instanceof HTMLScriptElement) || !entries.has(script.src)) return;
    const notice = showOfflineNotice();
    const retry = () => {
      window.removeEventListener('online', retry);
      window.clearTimeout(timer);
      notice.remove();
      runScript(script.src);
    };
    const timer = window.setTimeout(retry, ENTRY_RETRY_MS);
    window.addEventListener('online', retry);
  },
  true,
);

// The app's own scripts are fetched at once (above) and run once the page has painted. Run as
// soon as it arrived, on a fast connection the first script's evaluation (25 ms on a
// desktop, four times that on a phone) came before the first paint and held it back; on a
// slow one the script arrives after the paint anyway. The build takes their script tags
// out of the page (earlyStartPlugin).
afterFirstPaint(() => {
  plan?.entries.forEach(runScript);
  plan?.always.forEach(preloadScript);
});
