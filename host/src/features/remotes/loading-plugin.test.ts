import { afterEach, describe, expect, it, vi } from 'vitest';
import { publishEarlyFetches } from '../early-start/early-fetches';
import { createLoadingPlugin, sharedNamesOf } from './loading-plugin';

const URL_A = 'http://music.test/mf-manifest.json';
const manifest = { shared: [{ name: 'react' }, { name: '@loofi/ui-kit' }, { nope: 1 }] };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The plugin's fetch hook, called as the federation runtime calls it. */
async function runtimeFetch(plugin: ReturnType<typeof createLoadingPlugin>['plugin'], url: string) {
  const hook = plugin.fetch as (url: string, init: RequestInit) => Promise<Response>;
  return (await hook(url, {})).json() as Promise<unknown>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  publishEarlyFetches({ manifests: {} });
});

describe('sharedNamesOf', () => {
  it('lists the shared module names of a manifest, ignoring what is not one', () => {
    expect(sharedNamesOf(manifest)).toEqual(['react', '@loofi/ui-kit']);
    expect(sharedNamesOf(null)).toEqual([]);
    expect(sharedNamesOf({ shared: 'x' })).toEqual([]);
  });
});

describe('createLoadingPlugin', () => {
  it('takes a prefetched manifest over once, then fetches for real', async () => {
    const fetchMock = vi.fn(async () => json(manifest));
    vi.stubGlobal('fetch', fetchMock);
    const loading = createLoadingPlugin({ onManifest: () => undefined });
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
    const loading = createLoadingPlugin({ onManifest: () => undefined });
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
    const loading = createLoadingPlugin({ onManifest: (m) => seen.push(m) });
    const afterLoadManifest = loading.plugin.afterLoadManifest as (args: {
      manifestJson?: unknown;
    }) => void;
    afterLoadManifest({ manifestJson: manifest });
    afterLoadManifest({});
    expect(seen).toEqual([manifest]);
  });

  it("takes the start script's manifest over, and fetches again if it failed", async () => {
    const fetchMock = vi.fn(async () => json(manifest));
    vi.stubGlobal('fetch', fetchMock);
    const loading = createLoadingPlugin({ onManifest: () => undefined });
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
      const loading = createLoadingPlugin({ onManifest: () => undefined });
      const result = runtimeFetch(loading.plugin, URL_A).catch((error: unknown) => error);
      await vi.runAllTimersAsync();
      expect(String(await result)).toContain('answered 500');
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
