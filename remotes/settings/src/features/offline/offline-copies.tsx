import { Alert, Box, Button, Paper, Typography } from '@loofi/ui-kit/base';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@loofi/ui-kit';
import DeleteSweepRounded from '@mui/icons-material/DeleteSweepRounded';
import { useEffect, useId, useRef, useState } from 'react';
import { rescueFocus } from '@loofi/ui';
import type { OfflineTracks } from '@loofi/contracts';
import { formatBytes } from './format-bytes';
import { useOfflineCopies } from './use-offline-copies';

/** 'Tracks kept offline: 3 (12.4 MB)'. */
export function describeKept(count: number, bytes: number): string {
  return `Tracks kept offline: ${count}${count > 0 ? ` (${formatBytes(bytes)})` : ''}`;
}

/**
 * The tracks kept for listening with no network: how many, the space they take, and Remove
 * all offline copies, asked twice since what it removes must be downloaded again.
 */
export function OfflineCopies({ offline }: { offline: OfflineTracks }) {
  const id = useId();
  const copies = useOfflineCopies(offline);
  const [confirming, setConfirming] = useState(false);
  const kept = describeKept(copies.count, copies.bytes);
  // The button pressed is disabled once nothing is kept, and the outcome's Close goes with
  // it: the section, with the outcome in it, takes the focus rather than the page.
  const section = useRef<HTMLElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  // The focus goes back to the button, or to the section once nothing is left to remove
  // (the button disabled). The dialog's own return of the focus would land on the button
  // while it is disabled (removing), where a browser cannot put it: this one replaces it.
  const placeFocus = () => {
    const button = removeButton.current;
    return button && !button.disabled ? button : section.current;
  };
  const wasRemoving = useRef(copies.removing);
  useEffect(() => {
    if (wasRemoving.current === copies.removing) return;
    wasRemoving.current = copies.removing;
    const button = removeButton.current;
    if (!copies.removing) rescueFocus(placeFocus(), button?.disabled ? button : null);
  });
  const hasOutcome = copies.outcome !== null;
  const hadOutcome = useRef(hasOutcome);
  useEffect(() => {
    if (hadOutcome.current === hasOutcome) return;
    hadOutcome.current = hasOutcome;
    if (!hasOutcome) rescueFocus(section.current);
  }, [hasOutcome]);

  return (
    <Paper
      component="section"
      ref={section}
      tabIndex={-1}
      aria-labelledby={`${id}-heading`}
      sx={{ px: 2, py: 1.5 }}
    >
      <Typography id={`${id}-heading`} component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        Offline listening
      </Typography>
      <Typography>{kept}</Typography>
      {copies.saving > 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {copies.saving === 1
            ? '1 track is being saved…'
            : `${copies.saving} tracks are being saved…`}
        </Typography>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, maxWidth: 640 }}>
        To keep a track for listening with no connection, choose Keep offline in its More actions
        menu in the Music tab.
      </Typography>
      <Box sx={{ mt: 1.5 }}>
        <Button
          ref={removeButton}
          variant="outlined"
          color="error"
          startIcon={<DeleteSweepRounded />}
          disabled={copies.count === 0}
          loading={copies.removing}
          onClick={() => setConfirming(true)}
        >
          Remove all offline copies
        </Button>
      </Box>
      {copies.outcome && (
        <Alert
          severity={copies.outcome.severity}
          // A success is news, not an alarm.
          role={copies.outcome.severity === 'success' ? 'status' : 'alert'}
          onClose={copies.dismiss}
          sx={{ mt: 1.5 }}
        >
          {copies.outcome.message}
        </Alert>
      )}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby={`${id}-confirm`}
        aria-describedby={`${id}-confirm-text`}
        disableRestoreFocus
        slotProps={{ transition: { onExited: () => placeFocus()?.focus() } }}
      >
        <DialogTitle id={`${id}-confirm`}>Remove all offline copies?</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-confirm-text`}>
            {`${copies.count === 1 ? 'The track' : `The ${copies.count} tracks`} kept offline (${formatBytes(copies.bytes)}) will need a connection to play again.`}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} autoFocus>
            Cancel
          </Button>
          <Button
            color="error"
            onClick={() => {
              setConfirming(false);
              copies.removeAll();
            }}
          >
            Remove all
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
