import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RemoteModule, TabName } from '@loofi/contracts';
import { REMOTE_IDS, remotesManifestFor } from '@loofi/contracts/apps';
import type { RemotesManifest } from '@loofi/contracts/apps';
import { RemoteLoadError, RemoteLoader } from './remote-loader';
import type { FederationRuntime } from './remote-loader';

/** http://home.test/mf-manifest.json and the like, one per tab. */
const MANIFEST: RemotesManifest = remotesManifestFor(
  Object.fromEntries(REMOTE_IDS.map((tab) => [tab, `http://${tab}.test`])) as Record<
    TabName,
    string
  >,
);

const HomeApp = () => null;

/** A federation runtime whose remotes answer what the test says. */
function fakeRuntime(answer: (id: string) => Promise<Partial<RemoteModule> | null>) {
  const calls = {
    registered: [] as { names: string[]; force: boolean }[],
    loads: [] as string[],
    prefetched: [] as string[],
  };
  const runtime: FederationRuntime = {
    registerRemotes(remotes, options) {
      calls.registered.push({ names: remotes.map((r) => r.name), force: options?.force ?? false });
    },
    loadRemote<T>(id: string) {
      calls.loads.push(id);
      return answer(id) as Promise<T | null>;
    },
    prefetchManifest(url) {
      calls.prefetched.push(url);
    },
  };
  return { runtime, calls };
}

const failure = async (promise: Promise<unknown>) => {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(RemoteLoadError);
  return (error as RemoteLoadError).failure;
};

describe('RemoteLoader', () => {
  it('registers every remote of remotes.json once and loads ./App of the asked tab', async () => {
    const { runtime, calls } = fakeRuntime(async () => ({ default: HomeApp, CONTRACT_VERSION: 1 }));
    const loader = new RemoteLoader(runtime, async () => MANIFEST, 1);
    await expect(loader.load('home')).resolves.toBe(HomeApp);
    await loader.load('home');
    await loader.load('music');
    expect(calls.registered).toEqual([
      { names: ['loofi_home', 'loofi_music', 'loofi_settings'], force: false },
    ]);
    expect(calls.loads).toEqual(['loofi_home/App', 'loofi_music/App']);
  });

  it('hands out an app that has loaded at once, and none that is loading or failed', async () => {
    const { runtime } = fakeRuntime(async (id) =>
      id === 'loofi_home/App' ? { default: HomeApp, CONTRACT_VERSION: 1 } : null,
    );
    const loader = new RemoteLoader(runtime, async () => MANIFEST, 1);
    const home = loader.load('home');
    expect(loader.loadedApp('home')).toBeUndefined();
    await home;
    expect(loader.loadedApp('home')).toBe(HomeApp);
    await failure(loader.load('music'));
    expect(loader.loadedApp('music')).toBeUndefined();
  });

  it('prefetches the manifests of the remotes not loaded once the first has loaded', async () => {
    const { runtime, calls } = fakeRuntime(async () => ({ default: HomeApp, CONTRACT_VERSION: 1 }));
    const loader = new RemoteLoader(runtime, async () => MANIFEST, 1);
    await loader.load('music');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls.prefetched).toEqual([MANIFEST.home, MANIFEST.settings]);
    await loader.load('home');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls.prefetched).toHaveLength(2);
  });

  it('accepts a newer minor of the same contract and refuses another major', async () => {
    const versions: Record<string, number> = { 'loofi_home/App': 1.2, 'loofi_music/App': 2 };
    const { runtime } = fakeRuntime(async (id) => ({
      default: HomeApp,
      CONTRACT_VERSION: versions[id],
    }));
    const loader = new RemoteLoader(runtime, async () => MANIFEST, 1);
    expect(loader.contractOf('home')).toBeUndefined();
    await expect(loader.load('home')).resolves.toBe(HomeApp);
    // Said to the shell, which offers a remote only what its minor takes (shared links).
    expect(loader.contractOf('home')).toBe(1.2);
    expect(await failure(loader.load('music'))).toEqual({
      kind: 'incompatible',
      tab: 'music',
      hostVersion: 1,
      remoteVersion: 2,
    });
  });

  it('refuses a module without a version or without a component', async () => {
    const { runtime } = fakeRuntime(async (id) =>
      id === 'loofi_home/App' ? { default: HomeApp } : { CONTRACT_VERSION: 1 },
    );
    const loader = new RemoteLoader(runtime, async () => MANIFEST, 1);
    expect(await failure(loader.load('home'))).toMatchObject({
      kind: 'incompatible',
      remoteVersion: null,
    });
    expect(await failure(loader.load('music'))).toMatchObject({ kind: 'unavailable' });
  });

  it('does not cache a failure: a retry forgets the dead remote and loads it again', async () => {
    let up = false;
    const { runtime, calls } = fakeRuntime(async () => {
      if (!up) throw new Error('connection refused');
      return { default: HomeApp, CONTRACT_VERSION: 1 };
    });
    const loader = new RemoteLoader(runtime, async () => MANIFEST, 1);
    expect(await failure(loader.load('settings'))).toEqual({
      kind: 'unavailable',
      tab: 'settings',
      detail: 'connection refused',
    });
    up = true;
    await expect(loader.load('settings')).resolves.toBe(HomeApp);
    expect(calls.registered.at(-1)).toEqual({ names: ['loofi_settings'], force: true });
  });

  it('fetches remotes.json again after it failed', async () => {
    let attempts = 0;
    const { runtime } = fakeRuntime(async () => ({ default: HomeApp, CONTRACT_VERSION: 1 }));
    const loader = new RemoteLoader(
      runtime,
      async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('offline');
        return MANIFEST;
      },
      1,
    );
    expect(await failure(loader.load('home'))).toMatchObject({ detail: 'offline' });
    await expect(loader.load('home')).resolves.toBe(HomeApp);
    expect(attempts).toBe(2);
  });

  describe('a remote redeployed while loaded', () => {
    afterEach(() => vi.unstubAllGlobals());

    /** The Music remote's manifest as the server now answers it. */
    const serveManifest = (files: string[]) =>
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) =>
          url === MANIFEST.music
            ? new Response(
                JSON.stringify({
                  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
                  exposes: [{ assets: { js: { sync: [files[0]], async: files.slice(1) } } }],
                  shared: [],
                }),
              )
            : new Response('', { status: 404 }),
        ),
      );

    async function loadedMusic() {
      const { runtime, calls } = fakeRuntime(async () => ({
        default: HomeApp,
        CONTRACT_VERSION: 1,
      }));
      const loader = new RemoteLoader(runtime, async () => MANIFEST, 1);
      await loader.load('music');
      const told: TabName[] = [];
      loader.onRedeployed((tab) => told.push(tab));
      return { loader, calls, told };
    }

    it('is set aside when a script it no longer lists fails, and loaded again afresh', async () => {
      const { loader, calls, told } = await loadedMusic();
      serveManifest(['static/js/App.new.js', 'static/js/panel.new.js']);
      await loader.checkFailedScript('http://music.test/static/js/panel.old.js');
      expect(told).toEqual(['music']);
      expect(loader.loadedApp('music')).toBeUndefined();
      await loader.load('music');
      expect(calls.registered.at(-1)).toEqual({ names: ['loofi_music'], force: true });
    });

    it('is kept when the failing script is still listed (a network failure) or the manifest cannot be read', async () => {
      const { loader, told } = await loadedMusic();
      serveManifest(['static/js/App.js', 'static/js/panel.js']);
      await loader.checkFailedScript('http://music.test/static/js/panel.js');
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => Promise.reject(new TypeError('offline'))),
      );
      await loader.checkFailedScript('http://music.test/static/js/panel.gone.js');
      // Not a remote's file at all.
      await loader.checkFailedScript('http://elsewhere.test/static/js/x.js');
      expect(told).toEqual([]);
      expect(loader.loadedApp('music')).toBe(HomeApp);
    });
  });
});
