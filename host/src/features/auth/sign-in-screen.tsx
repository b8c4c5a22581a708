import GoogleIcon from '@mui/icons-material/Google';
import { Box, Button, CircularProgress, Paper, Typography } from '@loofi/ui-kit/base';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { AuthService, SignInError } from './auth-service';
import {
  prerenderedTileSeed,
  randomTileSeed,
  seededTileOpacities,
  TILE_SEED_ATTRIBUTE,
} from './backdrop-tiles';
import { useSignInError, useSigningIn } from './use-auth';

/** What shows the error when its snackbar's code cannot be fetched (offline, say). */
function PlainSignInError({ error }: { error: string | null; onDismiss(): void }) {
  return error === null ? null : (
    <Box
      role="alert"
      sx={{ position: 'fixed', top: 16, right: 16, p: 2, borderRadius: 1, bgcolor: 'error.dark' }}
    >
      {error}
    </Box>
  );
}

const SignInErrorSnackbar = lazy(() =>
  import('./sign-in-error').catch(() => ({ default: PlainSignInError })),
);

/** The decorative blurred backdrop with its randomly faded tiles (SPEC §2). */
function TiledBackdrop({ seed }: { seed: number }) {
  const opacities = useMemo(() => seededTileOpacities(seed), [seed]);
  return (
    <Box
      aria-hidden
      data-testid="sign-in-backdrop"
      {...{ [TILE_SEED_ATTRIBUTE]: seed }}
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
        '& > div': { aspectRatio: '1', borderRadius: 2, bgcolor: 'common.white' },
      }}
    >
      {opacities.map((opacity, index) => (
        // One rule for every tile and the random part inline: 79 tiles, one CSS class.
        <div key={index} data-testid="sign-in-tile" style={{ opacity }} />
      ))}
    </Box>
  );
}

export interface SignInScreenProps {
  /** The tiles' seed: the build's for the prerendered page, a fresh one otherwise. */
  tileSeed: number;
  /** The session is being checked or the popup is open: the button waits. */
  busy: boolean;
  error: SignInError | null;
  onSignIn(): void;
  onDismissError(): void;
}

/**
 * The sign-in page, and the placeholder `/` shows while the session is being checked:
 * 'Welcome Back!' and one outlined 'Sign in with Google' button; errors slide in from the
 * right in a snackbar. The build prerenders it (busy) into the host's index.html.
 */
export function SignInScreen({
  tileSeed,
  busy,
  error,
  onSignIn,
  onDismissError,
}: SignInScreenProps) {
  // Once shown, the snackbar stays mounted, so it can slide out when the error goes.
  const [hadError, setHadError] = useState(false);
  if (error !== null && !hadError) setHadError(true);
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2 }}>
      <TiledBackdrop seed={tileSeed} />
      <Paper elevation={8} sx={{ position: 'relative', p: 5, width: '100%', maxWidth: 400 }}>
        {/* A flex column rather than Stack: the sign-in page's first script stays without it. */}
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 4 }}>
          <Typography variant="h4" component="h1">
            Welcome Back!
          </Typography>
          <Button
            variant="outlined"
            size="large"
            startIcon={busy ? <CircularProgress size={20} aria-hidden /> : <GoogleIcon />}
            onClick={onSignIn}
            disabled={busy}
            aria-busy={busy}
          >
            Sign in with Google
          </Button>
        </Box>
      </Paper>
      {(error !== null || hadError) && (
        <Suspense fallback={null}>
          <SignInErrorSnackbar error={error} onDismiss={onDismissError} />
        </Suspense>
      )}
    </Box>
  );
}

/** The sign-in page wired to the session: `checking` while the session is not known yet. */
export function SignInPage({ auth, checking = false }: { auth: AuthService; checking?: boolean }) {
  const error = useSignInError(auth);
  const signingIn = useSigningIn(auth);
  const [tileSeed] = useState(() => prerenderedTileSeed() ?? randomTileSeed());
  return (
    <SignInScreen
      tileSeed={tileSeed}
      busy={checking || signingIn}
      error={error}
      onSignIn={() => void auth.signIn()}
      onDismissError={() => auth.dismissError()}
    />
  );
}
