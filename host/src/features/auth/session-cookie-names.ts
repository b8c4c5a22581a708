/** SPEC §3, §9: the session identity lives in two cookies with the '__Secure-' prefix. */
export const EMAIL_COOKIE = '__Secure-email';
export const TOKEN_COOKIE = '__Secure-token';

/** Whether `cookies` (`document.cookie`) holds both session cookies, non-empty. */
export function hasSessionCookies(cookies: string): boolean {
  const names = new Set(
    cookies
      .split(';')
      .map((cookie) => cookie.trim().split('='))
      .filter(([, value]) => Boolean(value))
      .map(([name]) => name),
  );
  return names.has(EMAIL_COOKIE) && names.has(TOKEN_COOKIE);
}
