import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_WHITELIST, loadEnv } from './env';

describe('the host environment', () => {
  it('needs nothing for the local backend, whose whitelist has a default', () => {
    const { hostConfig, publicConfig } = loadEnv({});
    expect(hostConfig.backend).toEqual({ kind: 'local' });
    expect(hostConfig.whitelist).toEqual([DEFAULT_LOCAL_WHITELIST]);
    expect(hostConfig.beta).toEqual({ allowed: false });
    expect(publicConfig.version).toBe('1.0.0-beta');
  });

  it('keeps an explicitly empty whitelist empty', () => {
    expect(loadEnv({ WHITELISTED_EMAILS: '' }).hostConfig.whitelist).toEqual([]);
    expect(loadEnv({ WHITELISTED_EMAILS: 'a@x.org, b@y.org' }).hostConfig.whitelist).toEqual([
      'a@x.org',
      'b@y.org',
    ]);
  });

  it('chooses Firebase when it is configured, and names what is missing', () => {
    const firebase = {
      FIREBASE_API_KEY: 'key',
      FIREBASE_AUTH_DOMAIN: 'loofi.firebaseapp.com',
      FIREBASE_PROJECT_ID: 'loofi',
      FIREBASE_DATABASE_URL: 'https://loofi-default-rtdb.firebaseio.com',
      FIREBASE_APP_ID: '1:2:web:3',
    };
    const { hostConfig } = loadEnv(firebase);
    expect(hostConfig.backend).toMatchObject({ kind: 'firebase', config: { projectId: 'loofi' } });
    expect(hostConfig.whitelist).toEqual([]);
    expect(() => loadEnv({ FIREBASE_API_KEY: 'key' })).toThrow(
      /FIREBASE_PROJECT_ID: is required once any FIREBASE_\* variable is set/,
    );
  });

  it('points Firebase at the local emulators with FIREBASE_EMULATORS=1', () => {
    const { hostConfig } = loadEnv({ FIREBASE_EMULATORS: '1' });
    expect(hostConfig.whitelist).toEqual([DEFAULT_LOCAL_WHITELIST]);
    expect(hostConfig.backend).toEqual({
      kind: 'firebase',
      config: expect.objectContaining({
        projectId: 'demo-loofi',
        databaseURL: 'ws://127.0.0.1:9000?ns=demo-loofi',
      }),
      emulators: {
        authUrl: 'http://127.0.0.1:9099',
        firestore: { host: '127.0.0.1', port: 8080 },
        database: { host: '127.0.0.1', port: 9000 },
      },
    });
  });

  it('needs a beta address when the beta tab is allowed', () => {
    expect(() => loadEnv({ BETA_ALLOWED: 'true' })).toThrow(/BETA_URL/);
    expect(
      loadEnv({ BETA_ALLOWED: 'true', BETA_URL: 'https://beta.example.org' }).hostConfig.beta,
    ).toEqual({
      allowed: true,
      url: 'https://beta.example.org',
    });
    expect(() => loadEnv({ BETA_ALLOWED: 'maybe' })).toThrow(/BETA_ALLOWED/);
  });
});
