// The host's service worker, built with Workbox by @loofi/tooling's serviceWorkerPlugin
// (production builds only), which writes the precache list in place of `self.__WB_MANIFEST`.
// The embedded local backend keeps the whole library in the browser, so after a first
// visit loofi opens with no network at all: the shell and its chunks come from the
// precache, remotes from what they served last, the demo library from its own cache.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { addPlugins, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { NavigationRoute, Route, Router } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { RouteHandlerCallbackOptions } from 'workbox-core';
import { SKIP_WAITING } from './features/offline/service-worker-messages';
import { KEPT_TRACKS_CACHE, KEPT_TRACKS_CHANGED } from './features/offline-tracks/kept-cache';

declare global {
  interface Window {
    /** The precache list, written in by the build (see the top of this file). */
    __WB_MANIFEST: (string | PrecacheEntry)[];
  }
}

interface ServiceWorkerScope {
  skipWaiting(): Promise<void>;
  addEventListener(
    type: 'message',
    listener: (event: { data: unknown; waitUntil(promise: Promise<unknown>): void }) => void,
  ): void;
}
const scope = self as unknown as ServiceWorkerScope;

/** How long a deploy-time file may take on the network before the cached copy is used. */
const NETWORK_TIMEOUT_SECONDS = 3;
/** Opaque answers (a remote's scripts are loaded without CORS) are cached as well. */
const cacheable = () => new CacheableResponsePlugin({ statuses: [0, 200] });

// Tracks the owner kept offline (host/src/features/offline-tracks): their audio and cover
// come from their own cache before anything else answers, the precache and the demo
// library's cache included (those may not hold a kept demo track, or lose it). Audio
// elements ask for byte ranges, cross-origin ones without CORS: the cached full response is
// cut into the 206 they ask for, so seeking works. A kept track missing from the cache
// (evicted) goes to the network; nothing else is stored here.
const keptTrack = new CacheFirst({
  cacheName: KEPT_TRACKS_CACHE,
  matchOptions: { ignoreVary: true },
  plugins: [new RangeRequestsPlugin(), { cacheWillUpdate: () => Promise.resolve(null) }],
});
/** The URLs in the kept cache; null until read after the worker starts. */
let keptUrls: Set<string> | null = null;
async function readKeptUrls(): Promise<Set<string>> {
  try {
    const requests = (await caches.has(KEPT_TRACKS_CACHE))
      ? await (await caches.open(KEPT_TRACKS_CACHE)).keys()
      : [];
    keptUrls = new Set(requests.map((request) => request.url));
  } catch {
    keptUrls ??= new Set();
  }
  return keptUrls;
}
let keptUrlsRead = readKeptUrls();

// A route must be chosen while the fetch event is dispatched, before the cache can be read.
// A worker the browser stopped (idle) and starts again for an audio or image request does
// not know yet: such a request waits for the read. Kept, it is served from the cache;
// otherwise the worker sends it back to be asked again (the same address), which then goes
// past this route as if it had never been stopped. The worker must not fetch it itself:
// the site's security policy lets its own fetches reach only the hosts the page may read,
// while an element may play or show from any host.
const mayBeKept = (request: Request) =>
  request.mode === 'no-cors' &&
  request.redirect === 'follow' &&
  ['audio', 'video', 'image'].includes(request.destination);

async function answerOnceRead(options: RouteHandlerCallbackOptions): Promise<Response> {
  const urls = await keptUrlsRead;
  if (urls.has(options.request.url)) return keptTrack.handle(options);
  return Response.redirect(options.request.url, 307);
}

const keptRouter = new Router();
keptRouter.registerRoute(
  new Route(
    ({ request }) => (keptUrls === null ? mayBeKept(request) : keptUrls.has(request.url)),
    (options) => (keptUrls === null ? answerOnceRead(options) : keptTrack.handle(options)),
  ),
);
// Its fetch listener first: the first listener that answers a request wins.
keptRouter.addFetchListener();
// The page says when it keeps or removes a track.
scope.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type !== KEPT_TRACKS_CHANGED) return;
  // One read after the other, so that an earlier one cannot land last.
  keptUrlsRead = keptUrlsRead.then(readKeptUrls);
  event.waitUntil(keptUrlsRead);
});

// The precache holds the demo library's tones, which the player asks for by byte ranges: a
// whole file answered to a range leaves the audio element nothing it can seek in (it plays
// from the start again), so the precache cuts its copy into the 206 asked for as well.
addPlugins([new RangeRequestsPlugin()]);
precacheAndRoute(self.__WB_MANIFEST);

// Remotes send `Vary: Origin`: a script element's request (no Origin) must still find the
// copy the page's first fetch left.
const matchOptions = { ignoreVary: true };
const router = new Router();

// Every path of the single-page app is index.html (the share target's /share?… too, which
// the app reads); the account chooser is a page of its own.
router.registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/account-chooser/],
  }),
);

// The files that name the current deploy of the host and of each remote: the network
// first, so a redeployed remote is picked up on the next online load, and the last copy
// when the network fails or is too slow.
router.registerRoute(
  new Route(
    ({ url }) => /\/(remotes\.json|mf-manifest\.json|remoteEntry\.js)$/.test(url.pathname),
    new NetworkFirst({
      cacheName: 'loofi-deploy-files',
      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
      matchOptions,
      plugins: [cacheable()],
    }),
  ),
);

// Content-hashed chunks of any app never change under their name: the cache first, once used.
router.registerRoute(
  new Route(
    ({ url }) => /\/static\/js\/[\w-]+\.[0-9a-f]{8}\.js$/.test(url.pathname),
    new CacheFirst({
      cacheName: 'loofi-chunks',
      matchOptions,
      plugins: [cacheable(), new ExpirationPlugin({ maxEntries: 200 })],
    }),
  ),
);

// The demo library's covers and tones (the host's /demo/), played with range requests.
router.registerRoute(
  new Route(
    ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/demo/'),
    new CacheFirst({
      cacheName: 'loofi-demo',
      plugins: [cacheable(), new RangeRequestsPlugin()],
    }),
  ),
);

router.addFetchListener();
// What the page loaded before this worker controlled it (its first visit) is sent here
// ({ type: 'CACHE_URLS' }) and cached through the routes above, so it is there offline.
router.addCacheListener();

// A new version waits until the owner chooses to reload (the page's "A new version is
// ready" snackbar); it is never applied under their feet.
scope.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void scope.skipWaiting();
});
clientsClaim();
