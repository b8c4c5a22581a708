import { Button, Snackbar } from '@loofi/ui-kit/base';
import { useEffect } from 'react';
import { useNoticeStack, useObservable } from '@loofi/ui';
import { whenIdle } from '@loofi/ui/async';
import type { ServiceWorkerUpdates } from './service-worker-updates';

/** How long after the dashboard has mounted the service worker is registered. */
const REGISTER_DELAY_MS = 3_000;

/**
 * Registers the service worker once the dashboard's first load is over and the browser is
 * idle: its script and workbox-window never compete with the first tab. A registration the
 * network broke (the connection dropped just after a first sign-in) is tried again as soon
 * as the browser is back online, so the next visit still opens with no network.
 */
function useRegistration(updates: ServiceWorkerUpdates) {
  useEffect(() => {
    let active = true;
    const register = () => {
      updates.register().catch(() => {
        if (active) window.addEventListener('online', register, { once: true });
      });
    };
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
  }, [updates]);
}

/**
 * "A new version is ready — Reload": a new deploy of the site is installed in the
 * background and waits; it is applied only when the owner presses Reload.
 */
export function UpdateSnackbar({ updates }: { updates: ServiceWorkerUpdates }) {
  useRegistration(updates);
  const waiting = useObservable(updates.waiting$, false);
  const stack = useNoticeStack();
  return stack.place(
    <Snackbar
      open={waiting}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      sx={stack.sx}
      message="A new version is ready"
      action={
        <Button color="primary" size="small" onClick={() => updates.reload()}>
          Reload
        </Button>
      }
    />,
  );
}
