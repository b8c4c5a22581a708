import { Button, Snackbar } from '@loofi/ui-kit/base';
import { useEffect, useSyncExternalStore } from 'react';
import type { ServiceWorkerUpdates } from './service-worker-updates';

/** Registers the service worker once the dashboard is idle. */
function useRegistration(updates: ServiceWorkerUpdates) {
  useEffect(() => {
    const register = () => void updates.register().catch(() => undefined);
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(register, 2_000);
      return () => window.clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(register, { timeout: 5_000 });
    return () => window.cancelIdleCallback(idle);
  }, [updates]);
}

/**
 * "A new version is ready — Reload": a new deploy of the site is installed in the
 * background and waits; it is applied only when the owner presses Reload.
 */
export function UpdateSnackbar({ updates }: { updates: ServiceWorkerUpdates }) {
  useRegistration(updates);
  const waiting = useSyncExternalStore(updates.subscribe, updates.isWaiting, () => false);
  return (
    <Snackbar
      open={waiting}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      message="A new version is ready"
      action={
        <Button color="primary" size="small" onClick={() => updates.reload()}>
          Reload
        </Button>
      }
    />
  );
}
