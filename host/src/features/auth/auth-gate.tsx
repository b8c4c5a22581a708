import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { AuthService } from './auth-service';
import { DASHBOARD_PATH, SIGN_IN_PATH } from './paths';
import { SignInPage } from './sign-in-screen';
import { useAuthState } from './use-auth';

/** What the dashboard route reads from the gate: the signed-in owner's address. */
export interface SignedInOwner {
  email: string;
}

/**
 * SPEC §2 routes and redirects, as the router's layout route: while the session is being
 * checked every path shows the sign-in page with its button busy (the page the build
 * prerenders), or `checking` when given (a returning owner's dashboard, still starting);
 * then a visitor who is not signed in goes to /auth from anywhere else, and a signed-in
 * owner goes to / from /auth or any unknown path, where the child route (the dashboard)
 * renders through the outlet.
 */
export function AuthGate({ auth, checking }: { auth: AuthService; checking?: ReactNode }) {
  const state = useAuthState(auth);
  const { pathname } = useLocation();

  const target =
    state.status === 'signed-out' && !pathname.startsWith(SIGN_IN_PATH)
      ? SIGN_IN_PATH
      : state.status === 'signed-in' && pathname !== DASHBOARD_PATH
        ? DASHBOARD_PATH
        : null;
  if (state.status === 'loading' && checking !== undefined) return checking;
  // One shape for every other state, so the prerendered sign-in page is kept, never remounted.
  return (
    <>
      {target && <Navigate to={target} replace />}
      {state.status === 'signed-in' ? (
        target === null && <Outlet context={{ email: state.email } satisfies SignedInOwner} />
      ) : (
        <SignInPage auth={auth} checking={state.status === 'loading'} />
      )}
    </>
  );
}
