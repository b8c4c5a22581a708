import { Button, Paper, Typography } from '@loofi/ui-kit/base';
import { useState } from 'react';
import { useObservable } from '@loofi/ui';
import type { ConnectionStatus } from './connection-status';
import { OFFLINE_MESSAGE } from './offline-message';

/**
 * SPEC §8's offline snackbar, in the page's first script (made of what the sign-in page
 * already loads, so it costs next to nothing) and in a root of its own, the first of the
 * notice stack: it shows even when nothing else could load. Dismissed, it comes back only
 * once the connection has come back and gone again.
 */
export function ConnectionNotice({ status }: { status: ConnectionStatus }) {
  const offline = useObservable(status.offline$, false);
  const [dismissed, setDismissed] = useState(false);
  if (!offline && dismissed) setDismissed(false);
  if (!offline || dismissed) return null;
  return (
    <Paper
      role="status"
      elevation={6}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        mb: 1,
        pl: 2,
        pr: 1,
        py: 1,
        pointerEvents: 'auto',
        bgcolor: 'warning.main',
        color: 'warning.contrastText',
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {OFFLINE_MESSAGE}
      </Typography>
      <Button
        size="small"
        color="inherit"
        // A finger's size on a phone, as every control there.
        sx={{ minHeight: { xs: 44, sm: 'auto' }, flexShrink: 0 }}
        onClick={() => {
          setDismissed(true);
          // The button goes with the notice: the tab's content takes the focus.
          document.querySelector<HTMLElement>('main')?.focus({ preventScroll: true });
        }}
      >
        Dismiss
      </Button>
    </Paper>
  );
}
