import { Box, Button, CircularProgress, Paper, Typography } from '@loofi/ui-kit/base';
import { lazy, Suspense, useCallback, useState } from 'react';
import type { ComponentType } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { BrowserRouter, Route, Routes, useOutletContext } from 'react-router-dom';
import type { Backend } from '@loofi/backend';
import { memoizeUntilFailure } from '@loofi/ui/async';
import { LoofiThemeProvider, useRetryWhenOnline } from '@loofi/ui';
import type { HostConfig } from '../config/host-config';
import { AuthGate } from '../features/auth/auth-gate';
import type { SignedInOwner } from '../features/auth/auth-gate';
import { AuthService } from '../features/auth/auth-service';
import { cookieJar } from '../features/auth/session-cookies';
import type { ConnectionStatus } from '../features/connection/connection-status';

type DashboardComponent = ComponentType<{ email: string }>;

export interface CompositionRoot {
  auth: AuthService;
  /** The signed-in dashboard: a separate chunk, so /auth downloads none of it. */
  loadDashboard(): Promise<{ default: DashboardComponent }>;
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
  const loadDashboard = memoizeUntilFailure(() =>
    import(/* webpackChunkName: "dashboard" */ './dashboard').then((module) => {
      connection.reportLoad(false);
      return { default: module.createDashboard({ backend, hostConfig, auth, connection }) };
    }),
  );
  if (cookieJar.read()) loadDashboard().catch(() => undefined);

  return { auth, loadDashboard, connection };
}

/**
 * The dashboard's chunk behind a boundary: if it cannot be fetched (the connection dropped
 * as it loaded), the page says so in place with a Retry, and tries again by itself when the
 * browser is back online; the offline notice shows meanwhile.
 */
function DashboardRoute({ root }: { root: CompositionRoot }) {
  const { email } = useOutletContext<SignedInOwner>();
  const { loadDashboard, connection } = root;
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  // React.lazy remembers a failed load for good: each attempt gets a lazy of its own.
  const [Dashboard, setDashboard] = useState(() => lazy(loadDashboard));
  const retry = useCallback(() => {
    setFailed(false);
    setDashboard(() => lazy(loadDashboard));
    setAttempt((count) => count + 1);
  }, [loadDashboard]);
  useRetryWhenOnline(failed, retry);

  return (
    <ErrorBoundary
      key={attempt}
      onError={(error) => {
        setFailed(true);
        // A chunk that could not be fetched is the network's doing; a bug is not.
        if (error instanceof Error && error.name === 'ChunkLoadError') connection.reportLoad(true);
      }}
      fallbackRender={() => <DashboardFallback onRetry={retry} />}
    >
      <Suspense
        fallback={
          <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100dvh' }}>
            <CircularProgress aria-label="Loading the dashboard" />
          </Box>
        }
      >
        <Dashboard email={email} />
      </Suspense>
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
 * SPEC §2's routes: the gate is the layout of every path (it shows the sign-in page while
 * the session is checked and redirects once it knows); `/` is the dashboard, a lazy route;
 * `/auth` and any other path render nothing of their own below the gate.
 */
export function AppRoutes({ root }: { root: CompositionRoot }) {
  return (
    <ErrorBoundary fallbackRender={() => <RouteError />}>
      <Routes>
        <Route element={<AuthGate auth={root.auth} />}>
          <Route index element={<DashboardRoute root={root} />} />
          <Route path="*" element={null} />
        </Route>
      </Routes>
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
