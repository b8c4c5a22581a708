import { Button, Snackbar } from '@loofi/ui-kit/base';
import { useNoticeStack, useObservable } from '@loofi/ui';
import type { ServiceWorkerUpdates } from './service-worker-updates';

/**
 * "A new version is ready — Reload": a new deploy of the site is installed in the
 * background and waits; it is applied only when the owner presses Reload.
 */
export function UpdateSnackbar({ updates }: { updates: ServiceWorkerUpdates }) {
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
