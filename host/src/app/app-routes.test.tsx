import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { createMemoryBackend } from '@loofi/backend/testing';
import { LoofiThemeProvider } from '@loofi/ui';
import { AuthService } from '../features/auth/auth-service';
import type { SessionIdentity } from '../features/auth/session-cookies';
import { ConnectionStatus } from '../features/connection/connection-status';
import { AppRoutes } from './app';
import type { CompositionRoot } from './app';

const OWNER = 'owner@loofi.local';
type Dashboard = Awaited<ReturnType<CompositionRoot['loadDashboard']>>;
const TOKEN = 'a'.repeat(264);

function LocationProbe() {
  return <output aria-label="Path">{useLocation().pathname}</output>;
}

/** The app's routes in a memory router at `path`, with a signed-in or signed-out owner. */
async function renderAt(
  path: string,
  {
    signedIn,
    returning = false,
    dashboard = ({ email }) => <h1>Dashboard of {email}</h1>,
    loadDashboard = () => Promise.resolve(dashboard),
  }: {
    signedIn: boolean;
    /** The page opened with session cookies (whether or not they still hold). */
    returning?: boolean;
    dashboard?: (props: { email: string }) => React.ReactNode;
    loadDashboard?: CompositionRoot['loadDashboard'];
  },
) {
  const backend = createMemoryBackend();
  let identity: SessionIdentity | null = null;
  if (signedIn) {
    identity = { email: OWNER, token: TOKEN };
    await backend.credentials.write('owner', identity);
  }
  const auth = new AuthService({
    auth: backend.auth,
    credentials: backend.credentials,
    whitelist: [OWNER],
    jar: {
      read: () => identity,
      write: (next) => (identity = next),
      clear: () => (identity = null),
    },
  });
  const root: CompositionRoot = {
    auth,
    returning,
    loadDashboard,
    loadedDashboard: () => undefined,
    connection: new ConnectionStatus(window),
  };
  return render(
    <LoofiThemeProvider>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes root={root} />
        <LocationProbe />
      </MemoryRouter>
    </LoofiThemeProvider>,
  );
}

const path = () => screen.getByRole('status', { name: 'Path' });

describe('the routes (SPEC §2)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends a visitor who is not signed in from / to /auth, with the sign-in page', async () => {
    await renderAt('/', { signedIn: false });
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
    expect(path()).toHaveTextContent('/auth');
    expect(screen.queryByRole('heading', { name: /Dashboard/ })).toBeNull();
  });

  it('sends a visitor from an unknown path to /auth, and leaves /auth/anything alone', async () => {
    await renderAt('/somewhere/else', { signedIn: false });
    await screen.findByRole('button', { name: 'Sign in with Google' });
    expect(path()).toHaveTextContent(/^\/auth$/);

    await renderAt('/auth/popup', { signedIn: false });
    expect(screen.getAllByRole('status', { name: 'Path' })[1]).toHaveTextContent('/auth/popup');
  });

  it('sends a signed-in owner from /auth to the dashboard at /', async () => {
    await renderAt('/auth', { signedIn: true });
    expect(await screen.findByRole('heading', { name: `Dashboard of ${OWNER}` })).toBeVisible();
    expect(path()).toHaveTextContent(/^\/$/);
  });

  it('sends a signed-in owner from an unknown path to the dashboard', async () => {
    await renderAt('/no/such/page', { signedIn: true });
    expect(await screen.findByRole('heading', { name: `Dashboard of ${OWNER}` })).toBeVisible();
    expect(path()).toHaveTextContent(/^\/$/);
  });

  it('shows a returning owner the starting shell, never the sign-in page, until the dashboard is there', async () => {
    let arrive: (dashboard: Dashboard) => void = () => undefined;
    const loadDashboard = vi.fn(() => new Promise<Dashboard>((resolve) => (arrive = resolve)));
    await renderAt('/', { signedIn: true, returning: true, loadDashboard });
    expect(screen.getByRole('progressbar', { name: 'Loading loofi' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
    // Signed in, with the dashboard's code still on its way: the same shell, still loading.
    await waitFor(() => expect(loadDashboard).toHaveBeenCalled());
    expect(screen.getByRole('progressbar', { name: 'Loading loofi' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();

    arrive(({ email }) => <h1>Dashboard of {email}</h1>);
    expect(await screen.findByRole('heading', { name: `Dashboard of ${OWNER}` })).toBeVisible();
    expect(screen.queryByRole('progressbar', { name: 'Loading loofi' })).toBeNull();
  });

  it('sends a returning owner whose session no longer holds to the sign-in page', async () => {
    await renderAt('/', { signedIn: false, returning: true });
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
    expect(path()).toHaveTextContent('/auth');
    expect(screen.queryByRole('progressbar', { name: 'Loading loofi' })).toBeNull();
  });

  it('keeps a dashboard that throws inside its own fallback, with Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderAt('/', {
      signedIn: true,
      dashboard: () => {
        throw new TypeError('a bug in the dashboard');
      },
    });
    expect(
      await screen.findByRole('heading', { name: 'The dashboard could not be loaded.' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
  });

  it("lands a route that throws on our own error page, never the router's", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const broken = {
      get state$(): never {
        throw new TypeError('the session cannot be read');
      },
    } as unknown as AuthService;
    render(
      <LoofiThemeProvider>
        <MemoryRouter initialEntries={['/']}>
          <AppRoutes
            root={{
              auth: broken,
              returning: false,
              loadDashboard: () => new Promise(() => undefined),
              loadedDashboard: () => undefined,
              connection: new ConnectionStatus(window),
            }}
          />
        </MemoryRouter>
      </LoofiThemeProvider>,
    );
    expect(screen.getByRole('heading', { name: 'This page could not be shown.' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
