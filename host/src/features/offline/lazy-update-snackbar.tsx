import { useEffect, useState } from 'react';
import { whenIdle } from '@loofi/ui/async';
import type { ServiceWorkerUpdates } from './service-worker-updates';
import type { UpdateSnackbar } from './update-snackbar';

/** How long after the dashboard has mounted the service worker is registered. */
const REGISTER_DELAY_MS = 3_000;

interface Loaded {
  Snackbar: typeof UpdateSnackbar;
  updates: ServiceWorkerUpdates;
}

/**
 * Registers the service worker once the dashboard's first load is over and the browser is
 * idle, and shows when a new version waits. Its code (the registration, workbox-window and
 * the notice) is fetched only then: no first screen needs it. A fetch or registration the
 * network broke (the connection dropped just after a first sign-in) is tried again as soon
 * as the browser is back online, so the next visit still opens with no network.
 */
export function LazyUpdateSnackbar() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    let active = true;
    let updates: ServiceWorkerUpdates | null = null;
    const retryOnline = () => {
      if (active) window.addEventListener('online', register, { once: true });
    };
    function register() {
      import(/* webpackChunkName: "site-updates" */ './site-updates').then((chunk) => {
        if (!active) return;
        if (!updates) {
          updates = new chunk.ServiceWorkerUpdates();
          setLoaded({ Snackbar: chunk.UpdateSnackbar, updates });
        }
        updates.register().catch(retryOnline);
      }, retryOnline);
    }
    let cancelIdle: () => void = () => undefined;
    const timer = window.setTimeout(() => {
      cancelIdle = whenIdle(register, { fallbackMs: 0 });
    }, REGISTER_DELAY_MS);
    return () => {
      active = false;
      window.clearTimeout(timer);
      cancelIdle();
      window.removeEventListener('online', register);
    };
  }, []);
  return loaded && <loaded.Snackbar updates={loaded.updates} />;
}
