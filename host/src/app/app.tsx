import { Box, CircularProgress } from '@loofi/ui-kit/base';
import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import type { Backend } from '@loofi/shared/backend';
import { memoizeUntilFailure } from '@loofi/shared/async';
import { LoofiThemeProvider } from '@loofi/shared/ui';
import type { HostConfig } from '../config/host-config';
import { AuthGate, DASHBOARD_PATH } from '../features/auth/auth-gate';
import { AuthService } from '../features/auth/auth-service';
import { cookieJar } from '../features/auth/session-cookies';
import { navigate } from './location';

export interface CompositionRoot {
  auth: AuthService;
  /** The signed-in dashboard: a separate chunk, so /auth downloads none of it. */
  Dashboard: ComponentType<{ email: string }>;
}

/**
 * The composition root: created once per page, outside React's render cycle. A returning
 * owner (session cookies present) starts downloading the dashboard and its first tab while
 * the session is still being checked, instead of after.
 */
export function createCompositionRoot({
  backend,
  hostConfig,
}: {
  backend: Backend;
  hostConfig: HostConfig;
}): CompositionRoot {
  const auth = new AuthService({
    auth: backend.auth,
    credentials: backend.credentials,
    whitelist: hostConfig.whitelist,
    jar: cookieJar,
    onSignedIn: () => navigate(DASHBOARD_PATH),
  });

  // A failed chunk is fetched again on the next attempt, not remembered as failed.
  const loadDashboard = memoizeUntilFailure(() =>
    import(/* webpackChunkName: "dashboard" */ './dashboard').then((module) => ({
      default: module.createDashboard({ backend, hostConfig, auth }),
    })),
  );
  if (cookieJar.read()) loadDashboard().catch(() => undefined);

  return { auth, Dashboard: lazy(loadDashboard) };
}

export function App({ root: { auth, Dashboard } }: { root: CompositionRoot }) {
  return (
    <LoofiThemeProvider>
      <AuthGate
        auth={auth}
        dashboard={(email) => (
          <Suspense
            fallback={
              <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100dvh' }}>
                <CircularProgress aria-label="Loading the dashboard" />
              </Box>
            }
          >
            <Dashboard email={email} />
          </Suspense>
        )}
      />
    </LoofiThemeProvider>
  );
}
