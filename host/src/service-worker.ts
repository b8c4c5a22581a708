// The host's service worker, built with Workbox by @loofi/tooling's serviceWorkerPlugin
// (production builds only), which writes the precache list in place of `self.__WB_MANIFEST`.
// The embedded local backend keeps the whole library in the browser, so after a first
// visit loofi opens with no network at all: the shell and its chunks come from the
// precache, remotes from what they served last, the demo library from its own cache.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { NavigationRoute, Route, Router } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { SKIP_WAITING } from './features/offline/service-worker-messages';

declare global {
  interface Window {
    /** The precache list, written in by the build (see the top of this file). */
    __WB_MANIFEST: (string | PrecacheEntry)[];
  }
}

interface ServiceWorkerScope {
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}
const scope = self as unknown as ServiceWorkerScope;

/** How long a deploy-time file may take on the network before the cached copy is used. */
const NETWORK_TIMEOUT_SECONDS = 3;
/** Opaque answers (a remote's scripts are loaded without CORS) are cached as well. */
const cacheable = () => new CacheableResponsePlugin({ statuses: [0, 200] });

precacheAndRoute(self.__WB_MANIFEST);

// Remotes send `Vary: Origin`: a script element's request (no Origin) must still find the
// copy the page's first fetch left.
const matchOptions = { ignoreVary: true };
const router = new Router();

// Every path of the single-page app is index.html; the account chooser is a page of its own.
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
