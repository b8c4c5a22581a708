import { describe, expect, it } from 'vitest';
import { createInstance } from '@module-federation/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import type { RemoteEntryExports } from '@module-federation/runtime/types';
import { chunkLoadingGlobal } from '@loofi/contracts/apps';
import {
  cacheManifest,
  forgetEntryLoading,
  forgetLoadedChunks,
  provideRuntimeCore,
} from './runtime-state';

const MANIFEST_URL = 'http://remote.test/mf-manifest.json';

/** A remote's container, as its entry would hand it over. */
const container = {
  init: () => undefined,
  get: () => Promise.resolve(() => ({ default: 'the app' })),
} as unknown as RemoteEntryExports;

describe("the federation runtime's manifest cache", () => {
  it('is where a loaded remote takes its manifest from, without fetching it', async () => {
    const fetched: string[] = [];
    const loaded: { url: string; cached?: boolean }[] = [];
    const recorder: ModuleFederationRuntimePlugin = {
      name: 'recorder',
      fetch: (url) => {
        fetched.push(url);
        return Promise.reject(new Error('offline'));
      },
      afterLoadManifest: ({ manifestUrl, cached }) => {
        loaded.push({ url: manifestUrl, cached });
      },
      loadEntry: () => Promise.resolve(container),
    };
    const federation = createInstance({
      name: 'cache_host',
      remotes: [{ name: 'cached_remote', entry: MANIFEST_URL }],
      plugins: [recorder],
    });
    type Manifest = Parameters<typeof federation.snapshotHandler.manifestCache.set>[1];
    const manifest = {
      id: 'cached_remote',
      name: 'cached_remote',
      metaData: {
        name: 'cached_remote',
        type: 'app',
        buildInfo: { buildVersion: '1.0.0', buildName: 'cached_remote' },
        remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
        types: { path: '', name: '', zip: '', api: '' },
        globalName: 'cached_remote',
        pluginVersion: '2.9.2',
        publicPath: 'auto',
      },
      shared: [],
      remotes: [],
      exposes: [
        {
          id: 'cached_remote:App',
          name: 'App',
          path: './App',
          assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
        },
      ],
    } as unknown as Manifest;

    cacheManifest(federation, MANIFEST_URL, manifest);
    await expect(federation.loadRemote('cached_remote/App')).resolves.toEqual({
      default: 'the app',
    });

    expect(fetched).toEqual([]);
    expect(loaded).toEqual([{ url: MANIFEST_URL, cached: true }]);
    // One already there stays.
    cacheManifest(federation, MANIFEST_URL, { ...manifest });
    expect(federation.snapshotHandler.manifestCache.get(MANIFEST_URL)).toBe(manifest);
  });
});

describe("the federation runtime's map of entries being loaded", () => {
  it('holds a failed entry until it is forgotten, then loads it again', async () => {
    let attempts = 0;
    let held: unknown;
    const retry: ModuleFederationRuntimePlugin = {
      name: 'retry',
      loadEntry: () => {
        attempts += 1;
        // How the runtime words a script that failed to load (RUNTIME-008).
        if (attempts === 1) return Promise.reject(new Error('RUNTIME-008: the script failed'));
        return Promise.resolve(container);
      },
      loadEntryError({
        getRemoteEntry,
        origin,
        remoteInfo,
        remoteEntryExports,
        globalLoading,
        uniqueKey,
      }) {
        held = globalLoading[uniqueKey];
        forgetEntryLoading(globalLoading, uniqueKey);
        const retried = getRemoteEntry({ origin, remoteInfo, remoteEntryExports }).then(
          (exports) => exports || undefined,
        );
        return new Promise((resolve) => resolve(retried));
      },
    };
    const federation = createInstance({
      name: 'retry_host',
      remotes: [{ name: 'retry_remote', entry: 'http://remote.test/remoteEntry.js' }],
      plugins: [retry],
    });

    await expect(federation.loadRemote('retry_remote/App')).resolves.toEqual({
      default: 'the app',
    });
    expect(held, 'the failed load, held under its key').toBeInstanceOf(Promise);
    expect(attempts).toBe(2);
  });
});

describe("Rspack's chunk-loading global and the runtime core's global", () => {
  it("drops a remote's chunk list by the name its build gives it", () => {
    const page: Record<string, unknown> = { [chunkLoadingGlobal('loofi_music')]: [[1]] };
    forgetLoadedChunks('loofi_music', page);
    expect(page).toEqual({});
  });

  it("sets the core, or keeps the page's", () => {
    const page: Record<string, unknown> = {};
    const host = { name: 'host' };
    provideRuntimeCore(host, { keepExisting: false }, page);
    provideRuntimeCore({ name: 'own' }, { keepExisting: true }, page);
    expect(page._FEDERATION_RUNTIME_CORE).toBe(host);
  });
});
