import { Box, IconButton, Tooltip, visuallyHidden } from '@loofi/ui-kit/base';
import CheckRounded from '@mui/icons-material/CheckRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import { useState } from 'react';
import { useCopyToClipboard } from './use-copy-to-clipboard';

const ICONS = {
  idle: ContentCopyRounded,
  copied: CheckRounded,
  failed: ErrorOutlineRounded,
} as const;

/**
 * A button that copies `text`. Its tooltip reads 'Copy to Clipboard'; after a click it
 * stays open with the outcome until the state resets, and a status region says the same to
 * a screen reader.
 */
export function CopyButton({ text }: { text: string }) {
  const { status, message, copy } = useCopyToClipboard();
  const [pointed, setPointed] = useState(false);
  const Icon = ICONS[status];
  return (
    <>
      <Tooltip
        title={message}
        describeChild
        open={pointed || status !== 'idle'}
        onOpen={() => setPointed(true)}
        onClose={() => setPointed(false)}
      >
        <IconButton
          aria-label="Copy to Clipboard"
          color={status === 'failed' ? 'error' : status === 'copied' ? 'success' : 'default'}
          onClick={() => void copy(text)}
        >
          <Icon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Box role="status" sx={visuallyHidden}>
        {status === 'idle' ? '' : message}
      </Box>
    </>
  );
}
