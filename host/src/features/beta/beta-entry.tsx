import ScienceIcon from '@mui/icons-material/Science';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import { Button, IconButton } from '@loofi/ui-kit/base';
import { useId, useState } from 'react';
import { FullKitFailure, useFullKit } from '../full-kit/full-kit';
import type { FullKit } from '../full-kit/full-kit';
import { usePhoneLayout } from '@loofi/ui';
import { Hint } from '../shell-chrome/hint';

/**
 * The Beta entry of the sidebar (only in builds with BETA_ALLOWED): a warning dialog whose
 * Continue leaves for the beta address, which is never shown. The dialog is drawn with the
 * full kit, fetched as soon as the owner points at, focuses or presses the button.
 */
export function BetaEntry({
  betaUrl,
  leave = (url) => window.location.assign(url),
}: {
  betaUrl: string;
  leave?: (url: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const { state: kit, request } = useFullKit();
  return (
    <>
      <Hint title="Beta">
        <IconButton
          aria-label="Beta"
          aria-busy={open && kit.status === 'loading'}
          onPointerEnter={request}
          onFocus={request}
          onClick={() => {
            request();
            setOpen(true);
          }}
          sx={{ mx: 'auto', my: 1 }}
        >
          {open ? <ScienceIcon /> : <ScienceOutlinedIcon />}
        </IconButton>
      </Hint>
      {kit.status === 'ready' && (
        <BetaDialog
          kit={kit.value}
          open={open}
          onCancel={() => setOpen(false)}
          onContinue={() => leave(betaUrl)}
        />
      )}
      {open && kit.status === 'failed' && (
        <FullKitFailure what="Beta dialog" onClose={() => setOpen(false)} />
      )}
    </>
  );
}

function BetaDialog({
  kit: { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle },
  open,
  onCancel,
  onContinue,
}: {
  kit: FullKit;
  open: boolean;
  onCancel(): void;
  onContinue(): void;
}) {
  const titleId = useId();
  const phone = usePhoneLayout();
  return (
    <Dialog open={open} onClose={onCancel} fullScreen={phone} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Stability: Experimental</DialogTitle>
      <DialogContent>
        <DialogContentText>
          This feature is experimental. It may change in ways that are not backward compatible, or
          be removed, and it is not recommended for use in production.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={onContinue}>
          Continue
        </Button>
      </DialogActions>
    </Dialog>
  );
}
