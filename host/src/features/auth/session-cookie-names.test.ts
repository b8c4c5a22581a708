import { describe, expect, it } from 'vitest';
import { hasSessionCookies } from './session-cookie-names';

describe('hasSessionCookies', () => {
  it('needs both session cookies with a value', () => {
    expect(hasSessionCookies('__Secure-email=a%40b.c; __Secure-token=abc')).toBe(true);
    expect(hasSessionCookies('theme=dark;__Secure-token=abc;__Secure-email=x')).toBe(true);
    expect(hasSessionCookies('__Secure-email=a%40b.c')).toBe(false);
    expect(hasSessionCookies('__Secure-email=; __Secure-token=abc')).toBe(false);
    expect(hasSessionCookies('x__Secure-email=a; __Secure-token=abc')).toBe(false);
    expect(hasSessionCookies('')).toBe(false);
  });
});
