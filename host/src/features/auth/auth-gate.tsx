import type { ReactNode } from 'react';
import { Redirect, usePathname } from '../navigation/location';
import type { AuthService } from './auth-service';
import { SignInPage } from './sign-in-screen';
import { useAuthState } from './use-auth';

const SIGN_IN_PATH = '/auth';
export const DASHBOARD_PATH = '/';

/**
 * SPEC §2 routes and redirects: while the session is being checked every path shows the
 * sign-in page with its button busy (the page the build prerenders); then a visitor who is
 * not signed in goes to /auth from anywhere else, and a signed-in owner goes to / from
 * /auth or any unknown path.
 */
export function AuthGate({
  auth,
  dashboard,
}: {
  auth: AuthService;
  dashboard: (email: string) => ReactNode;
}) {
  const state = useAuthState(auth);
  const pathname = usePathname();

  const target =
    state.status === 'signed-out' && !pathname.startsWith(SIGN_IN_PATH)
      ? SIGN_IN_PATH
      : state.status === 'signed-in' && pathname !== DASHBOARD_PATH
        ? DASHBOARD_PATH
        : null;
  // One shape for every state, so the prerendered sign-in page is kept, never remounted.
  return (
    <>
      {target && <Redirect to={target} />}
      {state.status === 'signed-in' ? (
        target === null && dashboard(state.email)
      ) : (
        <SignInPage auth={auth} checking={state.status === 'loading'} />
      )}
    </>
  );
}
