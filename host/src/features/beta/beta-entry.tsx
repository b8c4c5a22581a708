import ScienceIcon from '@mui/icons-material/Science';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
} from '@loofi/ui-kit';
import { useId, useState } from 'react';
import { Hint } from '../shell-chrome/hint';

/**
 * The Beta entry of the sidebar (only in builds with BETA_ALLOWED): a warning dialog whose
 * Continue leaves for the beta address, which is never shown.
 */
export function BetaEntry({
  betaUrl,
  leave = (url) => window.location.assign(url),
}: {
  betaUrl: string;
  leave?: (url: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <>
      <Hint title="Beta">
        <IconButton aria-label="Beta" onClick={() => setOpen(true)} sx={{ mx: 'auto', my: 1 }}>
          {open ? <ScienceIcon /> : <ScienceOutlinedIcon />}
        </IconButton>
      </Hint>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Stability: Experimental</DialogTitle>
        <DialogContent>
          <DialogContentText>
            This feature is experimental. It may change in ways that are not backward compatible, or
            be removed, and it is not recommended for use in production.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" onClick={() => leave(betaUrl)}>
            Continue
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
