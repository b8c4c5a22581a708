import { Alert, Slide, Snackbar } from '@loofi/ui-kit/base';
import type { SlideProps } from '@loofi/ui-kit/base';

function SlideFromRight(props: SlideProps) {
  return <Slide {...props} direction="left" />;
}

/**
 * A sign-in error, sliding in from the right (SPEC §2). It is its own chunk: the sign-in
 * page's first script carries no snackbar, alert or transition code until an error happens.
 */
export default function SignInErrorSnackbar({
  error,
  onDismiss,
}: {
  error: string | null;
  onDismiss(): void;
}) {
  return (
    <Snackbar
      open={error !== null}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      slots={{ transition: SlideFromRight }}
      onClose={(_, reason) => reason !== 'clickaway' && onDismiss()}
    >
      <Alert severity="error" variant="filled" onClose={onDismiss}>
        {error}
      </Alert>
    </Snackbar>
  );
}
