import {
  BehaviorSubject,
  catchError,
  distinctUntilChanged,
  map,
  of,
  shareReplay,
  switchMap,
} from 'rxjs';
import type { Observable } from 'rxjs';
import type { AuthPort, CredentialStore } from '@loofi/backend';
import type { SessionIdentity, SessionJar } from './session-cookies';
import { createSessionToken, emailPrefix } from './session-token';
import { isWhitelisted } from '@loofi/contracts';

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
  createToken?: () => string;
}

/** How often the cookies are read again while the page is open. */
const COOKIE_RECHECK_MS = 5_000;
/** How long signing out waits for the stored token's removal before leaving the provider. */
const REVOKE_WAIT_MS = 3_000;
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A session token is 132 random bytes as 264 lower-case hex characters (SPEC §9). */
const SESSION_TOKEN = /^[0-9a-f]{264}$/;

/** The cookies name a whitelisted account and carry a token of the right form. */
function isPlausibleSession(identity: SessionIdentity, whitelist: readonly string[]): boolean {
  return SESSION_TOKEN.test(identity.token) && isWhitelisted(identity.email, whitelist);
}

/**
 * The sign-in gate of SPEC §4: logged in exactly while the cookies name a whitelisted
 * account, their token has the right form, and the stored credential of that account has
 * the same e-mail and token. It is watched live, so revoking it signs every tab out.
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
        // Cookies are the browser's to edit: one that could never be ours is not even looked up.
        if (!identity || !isPlausibleSession(identity, options.whitelist)) {
          return of({ status: 'signed-out' });
        }
        return options.credentials.credential$(emailPrefix(identity.email)).pipe(
          map((stored): AuthState =>
            stored !== null &&
            stored.token === identity.token &&
            stored.email.toLowerCase() === identity.email.toLowerCase()
              ? { status: 'signed-in', email: identity.email }
              : { status: 'signed-out' },
          ),
          // A credential that cannot be read (the site's data cleared under the page)
          // cannot vouch for the session.
          catchError(() => of<AuthState>({ status: 'signed-out' })),
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
      // Signed in: the router's gate (auth-gate.tsx) now sends the browser to '/'.
      this.identity.next(identity);
    } finally {
      this.signingIn$.next(false);
    }
  }

  /**
   * Reads the cookies again: an owner who cleared the site's data (or signed out in a way
   * this tab did not hear of) must not be left on a signed-in page whose writes fail.
   */
  recheckCookies(): void {
    const current = this.options.jar.read();
    const shown = this.identity.getValue();
    if (current?.email === shown?.email && current?.token === shown?.token) return;
    this.identity.next(current);
  }

  /** Re-reads the cookies when the page comes back into view and every few seconds. */
  watchCookies(target: Window, everyMs = COOKIE_RECHECK_MS): () => void {
    const recheck = () => this.recheckCookies();
    target.addEventListener('focus', recheck);
    target.document.addEventListener('visibilitychange', recheck);
    const timer = target.setInterval(recheck, everyMs);
    return () => {
      target.removeEventListener('focus', recheck);
      target.document.removeEventListener('visibilitychange', recheck);
      target.clearInterval(timer);
    };
  }

  /** Clears both cookies and the stored token: every tab of this account is signed out. */
  async signOut(): Promise<void> {
    const identity = this.identity.getValue();
    this.options.jar.clear();
    this.identity.next(null);
    if (identity) {
      // The token is revoked first: the rules take that delete only from the signed-in owner,
      // so signing out of the provider at the same time could have it refused. Offline the
      // revoke cannot finish; the provider's sign-out does not wait for it for ever.
      const revoked = this.options.credentials
        .revoke(emailPrefix(identity.email))
        .catch(() => undefined);
      await Promise.race([revoked, wait(REVOKE_WAIT_MS)]);
      await this.options.auth.signOut().catch(() => undefined);
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
