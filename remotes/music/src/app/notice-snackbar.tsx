import { Alert, Button, Snackbar } from '@loofi/ui-kit/base';
import { useEffect, useRef } from 'react';
import { ERROR_HIDE_MS, useNoticeStack } from '@loofi/ui';
import type { Notice } from '../lib/notice';

/** How long a notice (and so the Undo of a delete) stays; hovering or focusing it holds it. */
const NOTICE_HIDE_MS = 6000;

export function NoticeSnackbar({
  notice,
  onClose,
}: {
  notice: (Notice & { id: number }) | null;
  onClose(): void;
}) {
  // In an effect, not by autoFocus: a dialog closing in the same render (the delete's) gives
  // the focus back to where it came from first, in its own effect's clean-up.
  const action = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice?.focusAction) action.current?.focus();
  }, [notice]);
  const stack = useNoticeStack();
  const close = () => {
    const held = root.current?.contains(document.activeElement) ?? false;
    onClose();
    if (held) notice?.focusOnClose?.();
  };
  return stack.place(
    <Snackbar
      key={notice?.id}
      ref={root}
      sx={stack.sx}
      open={notice !== null}
      autoHideDuration={notice?.severity === 'error' ? ERROR_HIDE_MS : NOTICE_HIDE_MS}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') close();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {notice ? (
        <Alert
          severity={notice.severity}
          variant="filled"
          onClose={close}
          action={
            notice.action && (
              <Button
                color="inherit"
                size="small"
                ref={action}
                onClick={() => {
                  onClose();
                  notice.action?.onClick();
                }}
              >
                {notice.action.label}
              </Button>
            )
          }
        >
          {notice.message}
        </Alert>
      ) : undefined}
    </Snackbar>,
  );
}
