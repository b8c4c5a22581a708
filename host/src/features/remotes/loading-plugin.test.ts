import { afterEach, describe, expect, it, vi } from 'vitest';
import { publishEarlyFetches } from '../early-start/early-fetches';
import { createLoadingPlugin } from './loading-plugin';

const URL_A = 'http://music.test/mf-manifest.json';
const manifest = { shared: [{ name: 'react' }, { name: '@loofi/ui-kit' }] };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The plugin's fetch hook, called as the federation runtime calls it. */
async function runtimeFetch(plugin: ReturnType<typeof createLoadingPlugin>['plugin'], url: string) {
  const hook = plugin.fetch as (url: string, init: RequestInit) => Promise<Response>;
  return (await hook(url, {})).json() as Promise<unknown>;
}

const beforeEntry = () => Promise.resolve();

afterEach(() => {
  vi.unstubAllGlobals();
  publishEarlyFetches({ manifests: {} });
});

describe('createLoadingPlugin', () => {
  it('takes a prefetched manifest over once, then fetches for real', async () => {
    const fetchMock = vi.fn(async () => json(manifest));
    vi.stubGlobal('fetch', fetchMock);
    const loading = createLoadingPlugin({ onManifest: () => undefined, beforeEntry });
    loading.prefetchManifest(URL_A);
    loading.prefetchManifest(URL_A);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(runtimeFetch(loading.plugin, URL_A)).resolves.toEqual(manifest);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await runtimeFetch(loading.plugin, URL_A);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("hands a prefetched manifest that has arrived to the runtime's cache, already parsed", async () => {
    const remote = { metaData: {}, exposes: [], shared: [] };
    const fetchMock = vi.fn(async (url: string) =>
      url === URL_A ? json(remote) : json({ not: 'a manifest' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const manifestCache = new Map<string, unknown>();
    const loading = createLoadingPlugin({ onManifest: () => undefined, beforeEntry });
    const apply = loading.plugin.apply as (instance: unknown) => void;
    apply({ snapshotHandler: { manifestCache } });
    const URL_B = 'http://settings.test/mf-manifest.json';
    loading.prefetchManifest(URL_A);
    loading.prefetchManifest(URL_B);
    await vi.waitFor(() => expect(manifestCache.get(URL_A)).toEqual(remote));
    // What is not a manifest stays for the runtime's own fetch, which reports it.
    expect(manifestCache.has(URL_B)).toBe(false);
    await expect(runtimeFetch(loading.plugin, URL_B)).resolves.toEqual({ not: 'a manifest' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shows every manifest the runtime uses to onManifest, cached ones included', () => {
    const seen: unknown[] = [];
    const loading = createLoadingPlugin({ onManifest: (m) => seen.push(m), beforeEntry });
    const afterLoadManifest = loading.plugin.afterLoadManifest as (args: {
      manifestJson?: unknown;
      manifestUrl: string;
      moduleInfo: { name: string };
    }) => void;
    afterLoadManifest({
      manifestJson: manifest,
      manifestUrl: URL_A,
      moduleInfo: { name: 'music' },
    });
    afterLoadManifest({ manifestUrl: URL_A, moduleInfo: { name: 'music' } });
    expect(seen).toEqual([manifest]);
  });

  it("holds the remote's entry until what its manifest says it needs is on the page", async () => {
    let provide: () => void = () => undefined;
    const needed: [unknown, string][] = [];
    const loading = createLoadingPlugin({
      onManifest: () => undefined,
      beforeEntry: (json, url) => {
        needed.push([json, url]);
        return new Promise<void>((resolve) => (provide = resolve));
      },
    });
    const { afterLoadManifest, loadEntry } = loading.plugin as unknown as {
      afterLoadManifest(args: {
        manifestJson?: unknown;
        manifestUrl: string;
        moduleInfo: { name: string };
      }): void;
      loadEntry(args: { remoteInfo: { name: string } }): Promise<unknown>;
    };
    afterLoadManifest({
      manifestJson: manifest,
      manifestUrl: URL_A,
      moduleInfo: { name: 'music' },
    });
    let done = false;
    const entry = loadEntry({ remoteInfo: { name: 'music' } }).then((exports) => {
      done = true;
      return exports;
    });
    await Promise.resolve();
    expect(needed).toEqual([[manifest, URL_A]]);
    expect(done).toBe(false);
    provide();
    // Nothing of its own: the runtime goes on to load the entry.
    await expect(entry).resolves.toBeUndefined();
    // A remote whose manifest it has not seen waits for nothing.
    await expect(loadEntry({ remoteInfo: { name: 'settings' } })).resolves.toBeUndefined();
    expect(needed).toHaveLength(1);
  });

  it("takes the start script's manifest over, and fetches again if it failed", async () => {
    const fetchMock = vi.fn(async () => json(manifest));
    vi.stubGlobal('fetch', fetchMock);
    const loading = createLoadingPlugin({ onManifest: () => undefined, beforeEntry });
    publishEarlyFetches({ manifests: { [URL_A]: Promise.resolve(json({ early: true })) } });
    await expect(runtimeFetch(loading.plugin, URL_A)).resolves.toEqual({ early: true });
    expect(fetchMock).not.toHaveBeenCalled();

    publishEarlyFetches({ manifests: { [URL_A]: Promise.resolve(json({}, 503)) } });
    await expect(runtimeFetch(loading.plugin, URL_A)).resolves.toEqual(manifest);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('tries a failing manifest once more, then gives up with the status', async () => {
    vi.useFakeTimers();
    try {
      const fetchMock = vi.fn(async () => json({}, 500));
      vi.stubGlobal('fetch', fetchMock);
      const loading = createLoadingPlugin({ onManifest: () => undefined, beforeEntry });
      const result = runtimeFetch(loading.plugin, URL_A).catch((error: unknown) => error);
      await vi.runAllTimersAsync();
      expect(String(await result)).toContain('answered 500');
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
