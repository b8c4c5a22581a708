import { Box, Button, Paper, Typography } from '@loofi/ui-kit/base';
import { useEffect } from 'react';
import type { ComponentType } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { first } from 'rxjs';
import { BrowserRouter, Route, Routes, useOutletContext } from 'react-router-dom';
import type { Backend } from '@loofi/backend';
import { memoizeUntilFailure } from '@loofi/ui/async';
import { LoofiThemeProvider, useRetryableLoad } from '@loofi/ui';
import type { HostConfig } from '../config/host-config';
import { AuthGate } from '../features/auth/auth-gate';
import type { SignedInOwner } from '../features/auth/auth-gate';
import { AuthService } from '../features/auth/auth-service';
import { cookieJar } from '../features/auth/session-cookies';
import type { ConnectionStatus } from '../features/connection/connection-status';
import { loadStartingShell, StartingScreen, StartingScreens } from './starting-screen';

type DashboardComponent = ComponentType<{ email: string }>;

export interface CompositionRoot {
  auth: AuthService;
  /** The page opened with a session: the owner sees the dashboard start, not the sign-in page. */
  returning: boolean;
  /** The signed-in dashboard: a separate chunk, so /auth downloads none of it. */
  loadDashboard(): Promise<DashboardComponent>;
  /** The dashboard once its chunk has been loaded, for a first render without waiting. */
  loadedDashboard(): DashboardComponent | undefined;
  connection: ConnectionStatus;
}

/**
 * The composition root: created once per page, outside React's render cycle. A returning
 * owner (session cookies present) starts downloading the dashboard and its first tab while
 * the session is still being checked, instead of after.
 */
export function createCompositionRoot({
  backend,
  hostConfig,
  connection,
}: {
  backend: Backend;
  hostConfig: HostConfig;
  connection: ConnectionStatus;
}): CompositionRoot {
  const auth = new AuthService({
    auth: backend.auth,
    credentials: backend.credentials,
    whitelist: hostConfig.whitelist,
    jar: cookieJar,
  });
  // Cleared site data signs the page out instead of leaving a dashboard whose writes fail.
  auth.watchCookies(window);

  // A failed chunk is fetched again on the next attempt, not remembered as failed.
  let loaded: DashboardComponent | undefined;
  const loadDashboard = memoizeUntilFailure(() =>
    import(/* webpackChunkName: "dashboard" */ './dashboard').then((module) => {
      connection.reportLoad(false);
      loaded ??= module.createDashboard({ backend, hostConfig, auth, connection });
      return loaded;
    }),
  );
  const returning = cookieJar.read() !== null;
  if (returning) loadDashboard().catch(() => undefined);
  // A visitor who signs in sees the starting shell next: its code comes during the popup.
  else {
    auth.signingIn$
      .pipe(first(Boolean))
      .subscribe(() => void loadStartingShell().catch(() => undefined));
  }

  return { auth, returning, loadDashboard, loadedDashboard: () => loaded, connection };
}

/**
 * The dashboard's chunk, loaded outside React's Suspense: when a boundary reveals content
 * that replaced its fallback, React holds the commit until 300 ms after the fallback
 * appeared (its "throttled reveal"), and on a returning owner's load that wait was the
 * largest part of the time to the first tab. Here the chunk's arrival is an update of
 * state, shown as soon as it is rendered; until then the starting shell shows. If the chunk cannot be fetched (the connection
 * dropped as it loaded), the page says so in place with a Retry, and tries again by itself
 * when the browser is back online; the offline notice shows meanwhile.
 */
function DashboardRoute({ root }: { root: CompositionRoot }) {
  const { email } = useOutletContext<SignedInOwner>();
  const { loadDashboard, loadedDashboard, connection } = root;
  const { state, retry, attempt } = useRetryableLoad(loadDashboard, loadedDashboard());
  const failedToFetch =
    state.status === 'failed' &&
    state.error instanceof Error &&
    state.error.name === 'ChunkLoadError';
  // A chunk that could not be fetched is the network's doing; a bug is not.
  useEffect(() => {
    if (failedToFetch) connection.reportLoad(true);
  }, [failedToFetch, connection]);

  if (state.status === 'loading') return <StartingScreen />;
  if (state.status === 'failed') return <DashboardFallback onRetry={retry} />;
  const Dashboard = state.value;
  return (
    <ErrorBoundary key={attempt} fallbackRender={() => <DashboardFallback onRetry={retry} />}>
      <Dashboard email={email} />
    </ErrorBoundary>
  );
}

/** A whole-page message with one way out: what the dashboard and the routes show on failure. */
function PageAlert({
  title,
  text,
  action,
  onAction,
}: {
  title: string;
  text: string;
  action: string;
  onAction(): void;
}) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100dvh', p: 2 }}>
      <Paper role="alert" sx={{ p: 3, maxWidth: 420 }}>
        <Typography variant="h6" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {text}
        </Typography>
        <Button variant="contained" onClick={onAction}>
          {action}
        </Button>
      </Paper>
    </Box>
  );
}

function DashboardFallback({ onRetry }: { onRetry(): void }) {
  return (
    <PageAlert
      title="The dashboard could not be loaded."
      text="Check your connection, then retry. It will also try again by itself once you are back online."
      action="Retry"
      onAction={onRetry}
    />
  );
}

/**
 * What a route shows when it fails to render: our own page, in the product's words, with
 * a way back; never a blank page.
 */
function RouteError() {
  return (
    <PageAlert
      title="This page could not be shown."
      text="Something in it failed. Reloading the page usually brings it back."
      action="Reload"
      onAction={() => window.location.reload()}
    />
  );
}

/**
 * SPEC §2's routes: the gate is the layout of every path (while the session is checked it
 * shows the sign-in page, or a returning owner's starting shell, and redirects once it
 * knows); `/` is the dashboard, a lazy route; `/auth` and any other path render nothing of
 * their own below the gate.
 */
export function AppRoutes({ root }: { root: CompositionRoot }) {
  return (
    <ErrorBoundary fallbackRender={() => <RouteError />}>
      <StartingScreens>
        <Routes>
          <Route
            element={
              <AuthGate
                auth={root.auth}
                checking={root.returning ? <StartingScreen /> : undefined}
              />
            }
          >
            <Route index element={<DashboardRoute root={root} />} />
            <Route path="*" element={null} />
          </Route>
        </Routes>
      </StartingScreens>
    </ErrorBoundary>
  );
}

export function App({ root }: { root: CompositionRoot }) {
  return (
    <LoofiThemeProvider>
      <BrowserRouter>
        <AppRoutes root={root} />
      </BrowserRouter>
    </LoofiThemeProvider>
  );
}
