/**
 * The places where loofi reads or writes the federation runtime's and Rspack's own state,
 * beyond their public options and hooks. Each is listed in docs/architecture.md with the
 * test that fails when an upgrade changes it (runtime-state.test.ts, or the e2e named).
 */
import { chunkLoadingGlobal } from '@loofi/contracts/apps';

/** The global a remote built with `externalRuntime` reads the runtime's core from. */
const RUNTIME_CORE_GLOBAL = '_FEDERATION_RUNTIME_CORE';

/**
 * Sets the runtime's core remotes built with `externalRuntime` read (Module Federation's
 * rspack plugin makes `@module-federation/runtime-core` an external of this global). The
 * host sets its own; a remote's standalone runtime script keeps one already there.
 * Fails: e2e/composition.spec.ts and e2e/standalone.spec.ts (no remote starts).
 */
export function provideRuntimeCore(
  core: object,
  { keepExisting }: { keepExisting: boolean },
  global: Record<string, unknown> = globalThis as unknown as Record<string, unknown>,
): void {
  if (keepExisting && global[RUNTIME_CORE_GLOBAL] !== undefined) return;
  global[RUNTIME_CORE_GLOBAL] = core;
}

/** The part of a federation instance whose manifest cache is written. */
export interface ManifestCacheHolder<M> {
  snapshotHandler: { manifestCache: Map<string, M> };
}

/**
 * Puts a manifest fetched and parsed ahead (a prefetch) into the runtime's manifest cache,
 * unless it holds one for `url`: a later load of that remote skips the fetch and the parse.
 * Fails: runtime-state.test.ts.
 */
export function cacheManifest<M>(federation: ManifestCacheHolder<M>, url: string, manifest: M) {
  const cache = federation.snapshotHandler.manifestCache;
  if (!cache.has(url)) cache.set(url, manifest);
}

/**
 * Makes the runtime forget a remote entry whose load failed (its map of entries being
 * loaded, which `loadEntryError` hands over): asking for the entry again then loads it again
 * rather than returning the failed load. Fails: runtime-state.test.ts.
 */
export function forgetEntryLoading(globalLoading: Record<string, unknown>, uniqueKey: string) {
  delete globalLoading[uniqueKey];
}

/**
 * Drops a remote's chunk-loading global (Rspack's `output.chunkLoadingGlobal`, an array its
 * runtime takes over when the entry runs): a remote loaded again (a redeploy) starts from a
 * fresh chunk list and does not take in the chunks its previous release loaded.
 * Fails: e2e/version-skew.spec.ts and e2e/remote-relocation.spec.ts.
 */
export function forgetLoadedChunks(
  federationName: string,
  global: Record<string, unknown> = globalThis as unknown as Record<string, unknown>,
) {
  delete global[chunkLoadingGlobal(federationName)];
}
