/** The message that lets a waiting service worker take over (what workbox-window sends). */
export const SKIP_WAITING = 'SKIP_WAITING';
/** Where the build writes the service worker, at the root so that it controls every path. */
export const SERVICE_WORKER_URL = '/sw.js';
