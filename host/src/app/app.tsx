import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { Backend } from '@loofi/shared/backend';
import { LoofiThemeProvider, useObservable } from '@loofi/shared/ui';
import type { HostConfig } from '../config/host-config';
import { AuthGate } from '../features/auth/auth-gate';
import { AuthService } from '../features/auth/auth-service';
import type { AuthState } from '../features/auth/auth-service';
import { cookieJar } from '../features/auth/session-cookies';
import type { SessionJar } from '../features/auth/session-cookies';
import { SignInScreen } from '../features/auth/sign-in-screen';
import { createFederationRuntime } from '../features/remotes/federation-runtime';
import { RemoteLoader } from '../features/remotes/remote-loader';
import { fetchRemotesManifest } from '../features/remotes/remotes-manifest';
import { createSessionPorts } from './remote-props';
import type { SessionPorts } from './remote-props';
import type { ShellProps } from './shell';

// The dashboard is loaded only once signed in, so /auth ships none of it.
const Shell = lazy(() => import('./shell').then((module) => ({ default: module.Shell })));

function SignedInShell({ auth, ...props }: Omit<ShellProps, 'email'>) {
  const state = useObservable<AuthState>(auth.state$, { status: 'loading' });
  // The gate only lets a signed-in owner through; the state is read here for the e-mail.
  if (state.status !== 'signed-in') return null;
  return (
    <Suspense
      fallback={
        <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100dvh' }}>
          <CircularProgress aria-label="Loading the dashboard" />
        </Box>
      }
    >
      <Shell {...props} auth={auth} email={state.email} />
    </Suspense>
  );
}

export interface CompositionRoot {
  backend: Backend;
  hostConfig: HostConfig;
  jar?: SessionJar;
  loader?: RemoteLoader;
  ports?: SessionPorts;
}

/** The composition root: created once per page, outside React's render cycle. */
export function createRouter({
  backend,
  hostConfig,
  jar = cookieJar,
  loader = new RemoteLoader(
    createFederationRuntime(),
    () => fetchRemotesManifest(),
    __CONTRACT_VERSION__,
  ),
  ports = createSessionPorts(backend),
}: CompositionRoot) {
  const auth = new AuthService({
    auth: backend.auth,
    credentials: backend.credentials,
    whitelist: hostConfig.whitelist,
    jar,
    onSignedIn: () => void router.navigate('/'),
  });
  const router = createBrowserRouter([
    {
      path: '/',
      element: <AuthGate auth={auth} />,
      children: [
        {
          index: true,
          element: (
            <SignedInShell
              auth={auth}
              loader={loader}
              ports={ports}
              hostConfig={hostConfig}
              connected$={backend.connection.connected$}
            />
          ),
        },
        { path: 'auth', element: <SignInScreen auth={auth} /> },
      ],
    },
  ]);
  return router;
}

export function App({ router }: { router: ReturnType<typeof createRouter> }) {
  return (
    <LoofiThemeProvider>
      <RouterProvider router={router} />
    </LoofiThemeProvider>
  );
}
