import { firstValueFrom, throwError } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryBackend } from '@loofi/backend/testing';
import type { MemoryBackend } from '@loofi/backend/testing';
import { AuthService, ERROR_AUTO_HIDE_MS, SIGN_IN_ERRORS } from './auth-service';
import type { SessionIdentity, SessionJar } from './session-cookies';

function memoryJar(initial: SessionIdentity | null = null) {
  let identity = initial;
  const jar: SessionJar & { current(): SessionIdentity | null } = {
    read: () => identity,
    write: (next) => {
      identity = next;
    },
    clear: () => {
      identity = null;
    },
    current: () => identity,
  };
  return jar;
}

let backend: MemoryBackend;
let jar: ReturnType<typeof memoryJar>;

const service = (whitelist: readonly string[] = ['owner@loofi.local']) =>
  new AuthService({
    auth: backend.auth,
    credentials: backend.credentials,
    whitelist,
    jar,
  });

const state = (auth: AuthService) => firstValueFrom(auth.state$);

beforeEach(() => {
  backend = createMemoryBackend();
  jar = memoryJar();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('AuthService', () => {
  it('signs a whitelisted account in: document first, then cookies, then signed in', async () => {
    const auth = service();
    expect(await state(auth)).toEqual({ status: 'signed-out' });
    await auth.signIn();
    const identity = jar.current();
    expect(identity?.email).toBe('owner@loofi.local');
    expect(identity?.token).toMatch(/^[0-9a-f]{264}$/);
    expect(backend.credentialDocuments.get('owner-token')).toEqual(identity);
    expect(await state(auth)).toEqual({ status: 'signed-in', email: 'owner@loofi.local' });
    expect(auth.error$.getValue()).toBeNull();
  });

  it("keeps 'Invalid Credentials' until the next attempt", async () => {
    vi.useFakeTimers();
    backend.nextAccount = 'stranger@example.org';
    const auth = service();
    await auth.signIn();
    expect(auth.error$.getValue()).toBe(SIGN_IN_ERRORS.invalidCredentials);
    vi.advanceTimersByTime(ERROR_AUTO_HIDE_MS * 3);
    expect(auth.error$.getValue()).toBe(SIGN_IN_ERRORS.invalidCredentials);
    expect(jar.current()).toBeNull();
    expect(backend.credentialDocuments.size).toBe(0);
  });

  it('hides the other errors after 5 seconds', async () => {
    vi.useFakeTimers();
    const noWhitelist = service([]);
    await noWhitelist.signIn();
    expect(noWhitelist.error$.getValue()).toBe(SIGN_IN_ERRORS.noWhitelist);
    vi.advanceTimersByTime(ERROR_AUTO_HIDE_MS - 1);
    expect(noWhitelist.error$.getValue()).toBe(SIGN_IN_ERRORS.noWhitelist);
    vi.advanceTimersByTime(1);
    expect(noWhitelist.error$.getValue()).toBeNull();

    backend.nextAccount = 'closed';
    const closed = service();
    await closed.signIn();
    expect(closed.error$.getValue()).toBe(SIGN_IN_ERRORS.failed);
    vi.advanceTimersByTime(ERROR_AUTO_HIDE_MS);
    expect(closed.error$.getValue()).toBeNull();

    backend.nextAccount = null;
    await closed.signIn();
    expect(closed.error$.getValue()).toBe(SIGN_IN_ERRORS.failed);
  });

  it('sets no cookie when the credential document cannot be written', async () => {
    backend.failNextCredentialWrite = true;
    const auth = service();
    await auth.signIn();
    expect(auth.error$.getValue()).toBe(SIGN_IN_ERRORS.failed);
    expect(jar.current()).toBeNull();
    expect(await state(auth)).toEqual({ status: 'signed-out' });
  });

  it('starts nothing on a second click while a sign-in is running', async () => {
    const release = backend.holdSignIn();
    const popups = vi.spyOn(backend.auth, 'signInWithPopup');
    const auth = service();
    const first = auth.signIn();
    expect(auth.signingIn$.getValue()).toBe(true);
    await auth.signIn();
    release();
    await first;
    expect(popups).toHaveBeenCalledTimes(1);
    expect(await state(auth)).toEqual({ status: 'signed-in', email: 'owner@loofi.local' });
    expect(auth.signingIn$.getValue()).toBe(false);
  });

  it('is signed in only while the token cookie equals the stored token', async () => {
    await backend.credentials.write('owner', {
      email: 'owner@loofi.local',
      token: 'a'.repeat(264),
    });
    jar = memoryJar({ email: 'owner@loofi.local', token: 'b'.repeat(264) });
    expect(await state(service())).toEqual({ status: 'signed-out' });
    jar = memoryJar({ email: 'owner@loofi.local', token: 'a'.repeat(264) });
    const auth = service();
    expect(await state(auth)).toEqual({ status: 'signed-in', email: 'owner@loofi.local' });
    const states: string[] = [];
    auth.state$.subscribe((current) => states.push(current.status));
    await backend.credentials.revoke('owner');
    expect(states).toEqual(['signed-in', 'signed-out']);
  });

  it('does not trust the cookies: the account must be whitelisted, match the stored e-mail and carry a real token', async () => {
    const token = 'a'.repeat(264);
    // The stored credential of 'owner' belongs to owner@loofi.local.
    await backend.credentials.write('owner', { email: 'owner@loofi.local', token });
    const states = async (cookies: { email: string; token: string }, whitelist?: string[]) => {
      jar = memoryJar(cookies);
      return (await state(service(whitelist))).status;
    };
    expect(await states({ email: 'owner@loofi.local', token })).toBe('signed-in');
    // Another domain with the same prefix and a copied token: not whitelisted.
    expect(await states({ email: 'owner@evil.example', token })).toBe('signed-out');
    // Whitelisted, but the stored credential names another e-mail.
    expect(
      await states({ email: 'owner@other.example', token }, [
        'owner@loofi.local',
        'owner@other.example',
      ]),
    ).toBe('signed-out');
    // The account was taken off the whitelist since the cookies were set.
    expect(await states({ email: 'owner@loofi.local', token }, ['someone@loofi.local'])).toBe(
      'signed-out',
    );
    // A token of the wrong form is never looked up.
    await backend.credentials.write('owner', { email: 'owner@loofi.local', token: 'short' });
    expect(await states({ email: 'owner@loofi.local', token: 'short' })).toBe('signed-out');
  });

  it('signs the page out when the cookies disappear behind its back (site data cleared)', async () => {
    const auth = service();
    await auth.signIn();
    const states: string[] = [];
    auth.state$.subscribe((current) => states.push(current.status));
    auth.recheckCookies();
    expect(states).toEqual(['signed-in']);
    jar.clear();
    auth.recheckCookies();
    expect(states).toEqual(['signed-in', 'signed-out']);
  });

  it('is signed out, not broken, when the stored credential cannot be read', async () => {
    const token = 'a'.repeat(264);
    jar = memoryJar({ email: 'owner@loofi.local', token });
    const auth = new AuthService({
      auth: backend.auth,
      credentials: {
        ...backend.credentials,
        // The site's data cleared under the page: the store's connection is gone.
        credential$: () => throwError(() => new Error('Connection is closing')),
      },
      whitelist: ['owner@loofi.local'],
      jar,
    });
    expect(await state(auth)).toEqual({ status: 'signed-out' });
  });

  it('signs out: both cookies and the stored token are gone', async () => {
    const auth = service();
    await auth.signIn();
    await auth.signOut();
    expect(jar.current()).toBeNull();
    expect(backend.credentialDocuments.size).toBe(0);
    expect(await state(auth)).toEqual({ status: 'signed-out' });
  });

  it('revokes the stored token before leaving the provider (whose rules need the owner signed in)', async () => {
    const steps: string[] = [];
    const auth = new AuthService({
      auth: {
        ...backend.auth,
        signOut: async () => {
          steps.push('provider signed out');
        },
      },
      credentials: {
        ...backend.credentials,
        revoke: async (prefix) => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          steps.push(`revoked ${prefix}`);
        },
      },
      whitelist: ['owner@loofi.local'],
      jar,
    });
    await auth.signIn();
    await auth.signOut();
    expect(steps).toEqual(['revoked owner', 'provider signed out']);
  });
});
