import GoogleIcon from '@mui/icons-material/Google';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Slide from '@mui/material/Slide';
import type { SlideProps } from '@mui/material/Slide';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { AuthService } from './auth-service';
import { tileOpacities } from './backdrop-tiles';
import { useSignInError, useSigningIn } from './use-auth';

function SlideFromRight(props: SlideProps) {
  return <Slide {...props} direction="left" />;
}

/** The decorative blurred backdrop with its randomly faded tiles (SPEC §2). */
function TiledBackdrop() {
  const [opacities] = useState(() => tileOpacities());
  return (
    <Box
      aria-hidden
      data-testid="sign-in-backdrop"
      sx={{
        position: 'fixed',
        inset: 0,
        overflow: 'hidden',
        background: 'radial-gradient(circle at 30% 20%, #3b2f5c 0%, #14121a 60%)',
        filter: 'blur(2px)',
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
        gap: 1,
        p: 1,
      }}
    >
      {opacities.map((opacity, index) => (
        <Box
          key={index}
          data-testid="sign-in-tile"
          sx={{ aspectRatio: '1', borderRadius: 2, bgcolor: 'common.white', opacity }}
        />
      ))}
    </Box>
  );
}

/**
 * The sign-in page, and the placeholder `/` shows while the session is being checked:
 * 'Welcome Back!' and one outlined 'Sign in with Google' button; errors slide in from the
 * right in a snackbar.
 */
export function SignInScreen({
  auth,
  checking = false,
}: {
  auth: AuthService;
  checking?: boolean;
}) {
  const error = useSignInError(auth);
  const signingIn = useSigningIn(auth);
  const busy = checking || signingIn;
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2 }}>
      <TiledBackdrop />
      <Paper elevation={8} sx={{ position: 'relative', p: 5, width: '100%', maxWidth: 400 }}>
        <Stack spacing={4} sx={{ alignItems: 'center' }}>
          <Typography variant="h4" component="h1">
            Welcome Back!
          </Typography>
          <Button
            variant="outlined"
            size="large"
            startIcon={busy ? <CircularProgress size={18} aria-hidden /> : <GoogleIcon />}
            onClick={() => void auth.signIn()}
            disabled={busy}
            aria-busy={busy}
          >
            Sign in with Google
          </Button>
        </Stack>
      </Paper>
      <Snackbar
        open={error !== null}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        slots={{ transition: SlideFromRight }}
        onClose={(_, reason) => reason !== 'clickaway' && auth.dismissError()}
      >
        <Alert severity="error" variant="filled" onClose={() => auth.dismissError()}>
          {error}
        </Alert>
      </Snackbar>
    </Box>
  );
}
