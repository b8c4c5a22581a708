import { Paper, Typography } from '@loofi/ui-kit/base';
import { aboveBottomChrome, useObservable } from '@loofi/ui';
import type { ConnectionStatus } from './connection-status';
import { OFFLINE_MESSAGE } from './offline-message';

/**
 * SPEC §8's offline snackbar, in the page's first script (made of what the sign-in page
 * already loads, so it costs next to nothing) and in a root of its own: it shows even when
 * nothing else could load.
 */
export function ConnectionNotice({ status }: { status: ConnectionStatus }) {
  const offline = useObservable(status.offline$, false);
  if (!offline) return null;
  return (
    <Paper
      role="status"
      elevation={6}
      sx={{
        position: 'fixed',
        zIndex: 'snackbar',
        left: { xs: 8, sm: 24 },
        right: { xs: 8, sm: 'auto' },
        // Over the content, above the player and a phone's tabs (the shell keeps their
        // height), below the top bar: every control stays usable offline.
        bottom: { xs: aboveBottomChrome(8), sm: aboveBottomChrome(24) },
        px: 2,
        py: 1.5,
        bgcolor: 'warning.main',
        color: 'warning.contrastText',
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {OFFLINE_MESSAGE}
      </Typography>
    </Paper>
  );
}
