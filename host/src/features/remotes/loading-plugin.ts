import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { cacheManifest, forgetEntryLoading, sitePolicy } from '@loofi/federation';
import { takeEarlyManifest } from '../early-start/early-fetches';

/** A flaky network gets one more try; kept short, so a dead remote shows its fallback soon. */
const MANIFEST_RETRY_DELAY_MS = 1_000;
const SCRIPT_RETRY_DELAY_MS = 300;

type LoadEntryError = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;
type GetRemoteEntry = Parameters<LoadEntryError>[0]['getRemoteEntry'];
type RemoteEntryExports = Exclude<Awaited<ReturnType<GetRemoteEntry>>, false | void>;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchManifest(url: string, init: RequestInit, attempts: number): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const response = await fetch(url, init);
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return response;
    } catch (error) {
      if (attempt >= attempts) throw error;
      await wait(MANIFEST_RETRY_DELAY_MS);
    }
  }
}

export interface LoadingPlugin {
  plugin: ModuleFederationRuntimePlugin;
  /** Starts fetching a manifest now, for a later load of that remote to use. */
  prefetchManifest(url: string): void;
}

type Federation = Parameters<NonNullable<ModuleFederationRuntimePlugin['apply']>>[0];
type Manifest =
  Federation['snapshotHandler']['manifestCache'] extends Map<string, infer M> ? M : never;

/** What the runtime itself checks a manifest for before it uses one. */
const isManifest = (json: unknown): json is Manifest =>
  typeof json === 'object' &&
  json !== null &&
  ['metaData', 'exposes', 'shared'].every((field) => field in json);

/**
 * How the host's federation runtime fetches a remote. A manifest already asked for (by
 * index.html's start script, or prefetched) is taken over instead of fetched again, and a
 * prefetched one that has arrived is handed to the runtime already parsed; each manifest the
 * runtime uses is shown to `onManifest`, so what the remote will need from the host starts
 * loading beside its entry, and to `beforeEntry`, which the entry waits for; and a manifest,
 * an entry or an exposed module that fails is tried once more.
 */
export function createLoadingPlugin({
  onManifest,
  beforeEntry,
}: {
  onManifest: (manifest: unknown, manifestUrl: string) => void;
  /** What must be on the page before the remote's entry runs (./bundler-runtime-fallback). */
  beforeEntry: (manifest: unknown, manifestUrl: string) => Promise<void>;
}): LoadingPlugin {
  let federation: Federation | null = null;
  // The last manifest of each remote, by its federation name, for `beforeEntry`.
  const manifests = new Map<string, { manifest: unknown; url: string }>();
  const prefetched = new Map<string, Promise<Response>>();
  const takePrefetched = (url: string) => {
    const response = prefetched.get(url);
    prefetched.delete(url);
    return response;
  };

  const obtain = (url: string, init: RequestInit): Promise<Response> => {
    const started = takePrefetched(url) ?? takeEarlyManifest(url);
    if (!started) return fetchManifest(url, init, 2);
    return started
      .then((response) => {
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        return response;
      })
      .catch(() => fetchManifest(url, init, 1));
  };

  return {
    prefetchManifest(url) {
      if (prefetched.has(url)) return;
      const response = fetch(url, {});
      prefetched.set(url, response);
      // Parsed ahead and put in the runtime's manifest cache: a later load reaches the
      // remote's entry at once. Reading a body waits for a task, which the events of the
      // very click that opens the tab would hold back by tens of milliseconds.
      response
        .then((answer) => (answer.ok ? answer.clone().json() : undefined))
        .then((json: unknown) => {
          if (!federation || !isManifest(json) || prefetched.get(url) !== response) return;
          prefetched.delete(url);
          cacheManifest(federation, url, json);
        })
        .catch(() => undefined);
    },
    plugin: {
      name: 'loofi-loading',
      apply(instance) {
        federation = instance;
      },
      afterLoadManifest({ manifestJson, manifestUrl, moduleInfo }) {
        if (!manifestJson) return;
        manifests.set(moduleInfo.name, { manifest: manifestJson, url: manifestUrl });
        onManifest(manifestJson, manifestUrl);
      },
      // Before the runtime loads a remote's entry itself (the hook returns no entry of its own).
      async loadEntry({ remoteInfo }) {
        const known = manifests.get(remoteInfo.name);
        if (known) await beforeEntry(known.manifest, known.url);
        return undefined;
      },
      fetch: (url, init) => obtain(url, init),
      // A remote's entry script, with its URL passed through the site's Trusted Types policy
      // (a script's src takes nothing else): only remotes.json's remotes pass.
      createScript({ url, attrs }) {
        const script = document.createElement('script');
        script.src = sitePolicy().scriptUrl(url);
        for (const [name, value] of Object.entries(attrs ?? {})) {
          if (name === 'async' || name === 'defer') script[name] = Boolean(value);
          else script.setAttribute(name, String(value));
        }
        return script;
      },
      loadEntryError({
        getRemoteEntry,
        origin,
        remoteInfo,
        remoteEntryExports,
        globalLoading,
        uniqueKey,
      }) {
        // The runtime remembers a loading entry per remote: forget the failed one first.
        forgetEntryLoading(globalLoading, uniqueKey);
        const retried = wait(SCRIPT_RETRY_DELAY_MS)
          .then(() => getRemoteEntry({ origin, remoteInfo, remoteEntryExports }))
          .then((exports) => exports || undefined);
        // The hook's type asks for the retried entry as a promise inside a promise.
        return new Promise<Promise<RemoteEntryExports | undefined>>((resolve) => resolve(retried));
      },
      async getModuleFactory({ remoteEntryExports, expose }) {
        try {
          return await remoteEntryExports.get(expose);
        } catch {
          await wait(SCRIPT_RETRY_DELAY_MS);
          return remoteEntryExports.get(expose);
        }
      },
    },
  };
}
