/**
 * What index.html's inline start script (../../early-start.ts) began before the app's own
 * code arrived, handed over through one global. Every response is unread and is taken at
 * most once: a second reader (a Retry) fetches for real.
 */
export interface EarlyFetches {
  /** `remotes.json`. */
  remotes?: Promise<Response>;
  /** The `mf-manifest.json` of the remote the owner lands on, by its URL. */
  manifests: Record<string, Promise<Response>>;
}

const GLOBAL = '__loofiEarlyFetches';
type WithEarlyFetches = { [GLOBAL]?: EarlyFetches };

export function publishEarlyFetches(fetches: EarlyFetches): void {
  (globalThis as WithEarlyFetches)[GLOBAL] = fetches;
}

/** `remotes.json` as the start script fetched it, once; undefined if it did not. */
export function takeEarlyRemotes(): Promise<Response> | undefined {
  const fetches = (globalThis as WithEarlyFetches)[GLOBAL];
  const remotes = fetches?.remotes;
  if (fetches) delete fetches.remotes;
  return remotes;
}

/** A remote's manifest as the start script fetched it, once; undefined if it did not. */
export function takeEarlyManifest(url: string): Promise<Response> | undefined {
  const manifests = (globalThis as WithEarlyFetches)[GLOBAL]?.manifests;
  const manifest = manifests?.[url];
  if (manifests) delete manifests[url];
  return manifest;
}
