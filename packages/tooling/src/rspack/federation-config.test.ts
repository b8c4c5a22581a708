import { describe, expect, it } from 'vitest';
import { FAKE_CONFIG } from '@loofi/backend/testing';
import { APPS, sharedSingletons } from '@loofi/contracts/apps';
import { loadToolingEnv, portOf } from '../env';
import { defineHost } from './define-host';
import { defineRemote } from './define-remote';
import { appNamed } from './federation-config';

const remote = (name: string) =>
  defineRemote({
    federation: { name, exposes: { './App': './src/expose.tsx' }, shared: sharedSingletons() },
    root: import.meta.dirname,
    title: 'a remote',
    config: FAKE_CONFIG,
  });

describe('the federation config files', () => {
  it('name the app a build is', () => {
    expect(appNamed(APPS.music.federationName)).toBe('music');
    expect(() => appNamed('loofi_radio')).toThrow(/not the federation name of a loofi app/);
  });

  it("give a remote's build its chunk global and its app's port by the name", () => {
    // The Firebase fixture is built as Home by taking Home's name.
    const config = remote(APPS.home.federationName);
    expect(config.output?.uniqueName).toBe(APPS.home.federationName);
    expect(config.output?.chunkLoadingGlobal).toBe(`rspackChunk${APPS.home.federationName}`);
    expect(config.devServer).toMatchObject({ port: portOf('home', loadToolingEnv()) });
  });

  it('refuse a host named other than its runtime registers', () => {
    expect(() =>
      defineHost({
        federation: { name: APPS.music.federationName, shared: sharedSingletons() },
        root: import.meta.dirname,
        title: 'a host',
        config: FAKE_CONFIG,
        backend: { kind: 'local' },
      }),
    ).toThrow(/registers as "loofi_host"/);
  });
});
