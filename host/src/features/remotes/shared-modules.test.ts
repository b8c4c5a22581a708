import { describe, expect, it, vi } from 'vitest';
import type { FirebaseSharedModules } from '@loofi/backend/firebase';
import { FIREBASE_SHARED_KEYS, SHARED_KEYS, isFirebaseSharedKey } from '@loofi/contracts/apps';
import type { SharedKey } from '@loofi/contracts/apps';
import {
  HOST_MODULES,
  hostSharedModules,
  startSharedModules,
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
