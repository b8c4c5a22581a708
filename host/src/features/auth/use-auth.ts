import { useObservable } from '@loofi/ui';
import type { AuthService, AuthState, SignInError } from './auth-service';

export function useAuthState(auth: AuthService): AuthState {
  return useObservable<AuthState>(auth.state$, { status: 'loading' });
}

export function useSignInError(auth: AuthService): SignInError | null {
  return useObservable<SignInError | null>(auth.error$, null);
}

export function useSigningIn(auth: AuthService): boolean {
  return useObservable(auth.signingIn$, false);
}
