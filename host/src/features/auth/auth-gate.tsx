import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { AuthService } from './auth-service';
import { SignInScreen } from './sign-in-screen';
import { useAuthState } from './use-auth';

/**
 * SPEC §2 redirects: once the session is known, a visitor who is not signed in goes to
 * /auth from anywhere else, and a signed-in owner on /auth goes to /.
 */
export function AuthGate({ auth }: { auth: AuthService }) {
  const state = useAuthState(auth);
  const { pathname } = useLocation();
  const onAuthPage = pathname.startsWith('/auth');

  if (state.status === 'loading') {
    return onAuthPage ? <Outlet /> : <SignInScreen auth={auth} checking />;
  }
  if (state.status === 'signed-out' && !onAuthPage) return <Navigate to="/auth" replace />;
  if (state.status === 'signed-in' && onAuthPage) return <Navigate to="/" replace />;
  return <Outlet />;
}
