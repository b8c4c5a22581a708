import { BehaviorSubject } from 'rxjs';
import type { Observable } from 'rxjs';
import { sitePolicy } from '@loofi/federation';
import { SERVICE_WORKER_URL } from './service-worker-messages';

/**
 * The service worker's registration, and whether a new version of the site is installed
 * and waiting for the owner's go-ahead. workbox-window is fetched once the dashboard is
 * idle, never on the first load's critical path.
 */
export class ServiceWorkerUpdates {
  private activate: (() => void) | null = null;
  private readonly waiting = new BehaviorSubject(false);
  /** Whether a new version is installed and waits for the owner's go-ahead. */
  readonly waiting$: Observable<boolean> = this.waiting.asObservable();

  /** Registers the worker (production builds, browsers that have them); failures are silent. */
  async register(): Promise<void> {
    if (!__LOOFI_PRODUCTION__ || !('serviceWorker' in navigator)) return;
    const { Workbox } = await import(/* webpackChunkName: "workbox-window" */ 'workbox-window');
    // A service worker's script URL is a Trusted Types sink: it passes through the site's policy.
    const workbox = new Workbox(sitePolicy().scriptUrl(SERVICE_WORKER_URL));
    // The first install: what this page loaded before the worker existed goes to its caches.
    workbox.addEventListener('activated', (event) => {
      if (event.isUpdate) return;
      const urlsToCache = [
        window.location.href,
        ...performance.getEntriesByType('resource').map((entry) => entry.name),
      ];
      void workbox
        .messageSW({ type: 'CACHE_URLS', payload: { urlsToCache } })
        .catch(() => undefined);
    });
    workbox.addEventListener('waiting', () => {
      this.activate = () => {
        // Once the new worker controls the page, load the page it serves.
        workbox.addEventListener('controlling', () => window.location.reload());
        workbox.messageSkipWaiting();
      };
      this.waiting.next(true);
    });
    await workbox.register();
  }

  /** Lets the waiting version take over, which reloads the page. */
  reload(): void {
    this.activate?.();
  }
}
