import { Alert, Button, Snackbar } from '@loofi/ui-kit/base';
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
  return (
    <Snackbar
      key={notice?.id}
      open={notice !== null}
      autoHideDuration={NOTICE_HIDE_MS}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {notice ? (
        <Alert
          severity={notice.severity}
          variant="filled"
          onClose={onClose}
          action={
            notice.action && (
              <Button
                color="inherit"
                size="small"
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
    </Snackbar>
  );
}
