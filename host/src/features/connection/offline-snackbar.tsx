import { Alert, Snackbar } from '@loofi/ui-kit/base';
import type { Observable } from 'rxjs';
import { useObservable } from '@loofi/shared/ui';

/** SPEC §8: shown whenever the realtime database reports that it is disconnected. */
export const OFFLINE_MESSAGE = 'You are offline. Some functionality may be unavailable.';

export function OfflineSnackbar({ connected$ }: { connected$: Observable<boolean> }) {
  const connected = useObservable(connected$, true);
  return (
    <Snackbar open={!connected} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
      <Alert severity="warning" variant="filled">
        {OFFLINE_MESSAGE}
      </Alert>
    </Snackbar>
  );
}
