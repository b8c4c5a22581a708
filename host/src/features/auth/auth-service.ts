import { BehaviorSubject, distinctUntilChanged, map, of, shareReplay, switchMap } from 'rxjs';
import type { Observable } from 'rxjs';
import type { AuthPort, CredentialStore } from '@loofi/shared/backend';
import type { SessionIdentity, SessionJar } from './session-cookies';
import { createSessionToken, emailPrefix } from './session-token';
import { isWhitelisted } from './whitelist';

export type AuthState =
  { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; email: string };

/** SPEC §8: the sign-in errors, word for word. */
export const SIGN_IN_ERRORS = {
  invalidCredentials: 'Invalid Credentials',
  noWhitelist: 'No Whitelisted Emails are Found.',
  failed: 'Something Went Wrong. Please Try Again Later.',
} as const;

export type SignInError = (typeof SIGN_IN_ERRORS)[keyof typeof SIGN_IN_ERRORS];

/** SPEC §9: errors other than 'Invalid Credentials' hide after 5000 ms. */
export const ERROR_AUTO_HIDE_MS = 5000;

export interface AuthServiceOptions {
  auth: AuthPort;
  credentials: CredentialStore;
  whitelist: readonly string[];
  jar: SessionJar;
  /** Called once the cookies are set: SPEC sends the browser to '/'. */
  onSignedIn(): void;
  createToken?: () => string;
}

/**
 * The sign-in gate of SPEC §4: logged in exactly while the token cookie equals the stored
 * token, which is watched live, so revoking it signs every tab out.
 */
export class AuthService {
  readonly state$: Observable<AuthState>;
  readonly error$ = new BehaviorSubject<SignInError | null>(null);
  readonly signingIn$ = new BehaviorSubject(false);
  private readonly identity: BehaviorSubject<SessionIdentity | null>;
  private errorTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: AuthServiceOptions) {
    this.identity = new BehaviorSubject(options.jar.read());
    this.state$ = this.identity.pipe(
      switchMap((identity): Observable<AuthState> => {
        if (!identity) return of({ status: 'signed-out' });
        return options.credentials
          .token$(emailPrefix(identity.email))
          .pipe(
            map((stored): AuthState =>
              stored !== null && stored === identity.token
                ? { status: 'signed-in', email: identity.email }
                : { status: 'signed-out' },
            ),
          );
      }),
      distinctUntilChanged((a, b) => a.status === b.status && emailOf(a) === emailOf(b)),
      shareReplay({ bufferSize: 1, refCount: false }),
    );
  }

  /** SPEC §4 "Sign-in", in its order. A click while a sign-in is running starts nothing. */
  async signIn(): Promise<void> {
    if (this.signingIn$.getValue()) return;
    this.signingIn$.next(true);
    this.showError(null);
    try {
      const result = await this.options.auth.signInWithPopup().catch(() => null);
      if (!result?.email) return this.showError(SIGN_IN_ERRORS.failed);
      if (this.options.whitelist.length === 0) return this.showError(SIGN_IN_ERRORS.noWhitelist);
      if (!isWhitelisted(result.email, this.options.whitelist)) {
        return this.showError(SIGN_IN_ERRORS.invalidCredentials);
      }
      const identity = {
        email: result.email,
        token: (this.options.createToken ?? createSessionToken)(),
      };
      try {
        // The credential document first; the cookies only once that write has succeeded.
        await this.options.credentials.write(emailPrefix(identity.email), identity);
      } catch {
        return this.showError(SIGN_IN_ERRORS.failed);
      }
      this.options.jar.write(identity);
      this.identity.next(identity);
      this.options.onSignedIn();
    } finally {
      this.signingIn$.next(false);
    }
  }

  /** Clears both cookies and the stored token: every tab of this account is signed out. */
  async signOut(): Promise<void> {
    const identity = this.identity.getValue();
    this.options.jar.clear();
    this.identity.next(null);
    if (identity) {
      await Promise.allSettled([
        this.options.credentials.revoke(emailPrefix(identity.email)),
        this.options.auth.signOut(),
      ]);
    }
  }

  dismissError() {
    this.showError(null);
  }

  private showError(error: SignInError | null) {
    if (this.errorTimer !== null) clearTimeout(this.errorTimer);
    this.errorTimer = null;
    this.error$.next(error);
    // 'Invalid Credentials' stays until the next attempt (SPEC §8).
    if (error !== null && error !== SIGN_IN_ERRORS.invalidCredentials) {
      this.errorTimer = setTimeout(() => {
        this.errorTimer = null;
        this.error$.next(null);
      }, ERROR_AUTO_HIDE_MS);
    }
  }
}

const emailOf = (state: AuthState) => (state.status === 'signed-in' ? state.email : null);
