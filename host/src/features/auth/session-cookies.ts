import Cookies from 'js-cookie';
import { EMAIL_COOKIE, TOKEN_COOKIE } from './session-cookie-names';

/** SPEC §9: cookies expire 24 hours after being set. */
const COOKIE_LIFETIME_DAYS = 1;

export interface SessionIdentity {
  email: string;
  token: string;
}

/** Where the session identity is kept; the browser's cookies in the app, memory in tests. */
export interface SessionJar {
  read(): SessionIdentity | null;
  write(identity: SessionIdentity): void;
  clear(): void;
}

const ATTRIBUTES = {
  expires: COOKIE_LIFETIME_DAYS,
  path: '/',
  secure: true,
  sameSite: 'strict',
} as const;

export const cookieJar: SessionJar = {
  read() {
    const email = Cookies.get(EMAIL_COOKIE);
    const token = Cookies.get(TOKEN_COOKIE);
    return email && token ? { email, token } : null;
  },
  write({ email, token }) {
    Cookies.set(EMAIL_COOKIE, email, ATTRIBUTES);
    Cookies.set(TOKEN_COOKIE, token, ATTRIBUTES);
  },
  clear() {
    // A '__Secure-' cookie can only be overwritten, and so removed, with the Secure flag.
    Cookies.remove(EMAIL_COOKIE, ATTRIBUTES);
    Cookies.remove(TOKEN_COOKIE, ATTRIBUTES);
  },
};
