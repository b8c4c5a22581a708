import { ModuleFederation } from '@module-federation/runtime';
import * as rxjs from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { FirebaseSharedModules } from '@loofi/backend/firebase';
import { FIREBASE_SHARED_KEYS, SHARED_KEYS, isFirebaseSharedKey } from '@loofi/contracts/apps';
import type { SharedKey } from '@loofi/contracts/apps';
import { RXJS_SHARED } from './rxjs-shared';
import {
  HOST_MODULES,
  hostSharedModules,
  startSharedModules,
  treeShakenSharesPlugin,
  withFirebase,
} from './shared-modules';

const VERSIONS = Object.fromEntries(SHARED_KEYS.map((key) => [key, '1.0.0'])) as Record<
  SharedKey,
  string
>;

/** A stand-in for the backend's SDK modules: each entry point a marked object. */
function fakeSdk() {
  const modules = Object.fromEntries(
    FIREBASE_SHARED_KEYS.map((key) => [key, async () => ({ entryPoint: key })]),
  ) as FirebaseSharedModules;
  return vi.fn(async () => modules);
}

type SharedEntry = { get?: () => Promise<() => unknown> };
const entryOf = (shared: ReturnType<typeof hostSharedModules>, key: string) =>
  shared[key] as SharedEntry | undefined;

describe('hostSharedModules', () => {
  it("offers every host's singletons, and no Firebase, for the local backend", () => {
    const shared = hostSharedModules(HOST_MODULES, VERSIONS);
    expect(Object.keys(shared).sort()).toEqual(
      SHARED_KEYS.filter((key) => !isFirebaseSharedKey(key)).sort(),
    );
  });

  it("adds the Firebase SDK's entry points for a Firebase build, loaded only when asked", async () => {
    const loadSdk = fakeSdk();
    const shared = hostSharedModules(withFirebase(HOST_MODULES, loadSdk), VERSIONS);
    expect(Object.keys(shared).sort()).toEqual([...SHARED_KEYS].sort());
    expect(entryOf(shared, 'firebase/auth')).toMatchObject({
      version: '1.0.0',
      shareConfig: { singleton: true },
    });
    expect(loadSdk).not.toHaveBeenCalled();

    const factory = await entryOf(shared, 'firebase/auth')!.get!();
    expect(factory()).toEqual({ entryPoint: 'firebase/auth' });
    expect(loadSdk).toHaveBeenCalledTimes(1);
  });
});

describe('startSharedModules', () => {
  it('starts Firebase only for a remote whose manifest lists it', () => {
    const loadSdk = fakeSdk();
    const modules = withFirebase(HOST_MODULES, loadSdk);
    startSharedModules(modules, ['react', 'react/jsx-runtime', 'rxjs', '@loofi/ui-kit/base']);
    expect(loadSdk).not.toHaveBeenCalled();
    startSharedModules(modules, ['react', 'firebase/app']);
    expect(loadSdk).toHaveBeenCalledTimes(1);
  });
});

describe('rxjs, shared tree-shaken', () => {
  /**
   * What a remote's module gets for `import … from 'rxjs'` on the page: the host's instance
   * provides, a remote's instance (its entry's, which takes the host's share scope when the
   * host initialises it) consumes with the exports its build recorded, as the bundler
   * runtime passes them, or none for a remote built without shared tree shaking.
   */
  async function rxjsForRemote(usedExports: string[] | undefined): Promise<unknown> {
    const host = new ModuleFederation({
      name: 'test_host',
      remotes: [],
      shared: hostSharedModules(HOST_MODULES, VERSIONS),
      shareStrategy: 'loaded-first',
      plugins: [treeShakenSharesPlugin],
    });
    const ownCopy = vi.fn(async () => () => ({ copy: 'the remote’s own' }));
    const remote = new ModuleFederation({
      name: 'test_remote',
      remotes: [],
      shared: {
        rxjs: {
          version: '1.0.0',
          get: ownCopy,
          shareConfig: { singleton: true, requiredVersion: false },
          treeShaking: { mode: 'runtime-infer' },
        },
      },
      shareStrategy: 'loaded-first',
      plugins: [treeShakenSharesPlugin],
    });
    remote.initShareScopeMap('default', host.shareScopeMap.default!);
    const factory = await remote.loadShare<unknown>('rxjs', {
      customShareInfo: usedExports ? { treeShaking: { usedExports } } : {},
    });
    expect(ownCopy).not.toHaveBeenCalled();
    return factory ? factory() : factory;
  }

  it("gives a remote that uses only the listed exports the host's own objects", async () => {
    const given = await rxjsForRemote(['BehaviorSubject', 'map', 'switchMap']);
    expect(given).toBe(RXJS_SHARED);
    expect(RXJS_SHARED.BehaviorSubject).toBe(rxjs.BehaviorSubject);
  });

  it('gives all of rxjs, the same singleton, to a remote that uses one export more', async () => {
    const given = (await rxjsForRemote(['BehaviorSubject', 'ReplaySubject'])) as typeof rxjs;
    expect(given.ReplaySubject).toBe(rxjs.ReplaySubject);
    expect(given.BehaviorSubject).toBe(RXJS_SHARED.BehaviorSubject);
  });

  it('gives all of rxjs to a remote whose build recorded no exports', async () => {
    const given = (await rxjsForRemote(undefined)) as typeof rxjs;
    expect(given).not.toBe(RXJS_SHARED);
    expect(given.ReplaySubject).toBe(rxjs.ReplaySubject);
  });

  it('is not fetched whole ahead of a remote that lists it in its manifest', async () => {
    const whole = vi.spyOn(HOST_MODULES.rxjs as { get: () => Promise<unknown> }, 'get');
    startSharedModules(HOST_MODULES, ['rxjs']);
    expect(whole).not.toHaveBeenCalled();
    whole.mockRestore();
  });
});
