/**
 * The files a remote's `mf-manifest.json` names, as paths beside the manifest. Read by the
 * inline start script (to preload a returning owner's first remote), by the federation
 * runtime (to keep them for the next start: ../early-start/start-hint) and by the remote
 * loader (to tell a redeploy from a network failure).
 */
interface ManifestShape {
  metaData?: { publicPath?: unknown; remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: { path?: unknown; assets?: unknown }[];
  shared?: { assets?: unknown }[];
}

const shapeOf = (manifest: unknown) => (manifest ?? {}) as ManifestShape;

/** The names of the shared modules a remote's `mf-manifest.json` says it consumes. */
export function sharedNamesOf(manifest: unknown): string[] {
  const shared = (manifest as { shared?: unknown } | null)?.shared;
  if (!Array.isArray(shared)) return [];
  return shared.flatMap((entry: { name?: unknown } | null) =>
    typeof entry?.name === 'string' ? [entry.name] : [],
  );
}

/** The remote's entry script (`remoteEntry.js`), or undefined if the manifest names none. */
export function remoteEntryFile(manifest: unknown): string | undefined {
  const entry = shapeOf(manifest).metaData?.remoteEntry;
  if (typeof entry?.name !== 'string') return undefined;
  return typeof entry.path === 'string' && entry.path ? `${entry.path}/${entry.name}` : entry.name;
}

/** The scripts and styles of an asset group (`{ js: { sync, async }, css: … }`). */
function assetFiles(
  assets: unknown,
  kinds: readonly ('js' | 'css')[],
  timings: readonly ('sync' | 'async')[],
) {
  const files: string[] = [];
  for (const kind of kinds) {
    const group = (assets as Record<string, Record<string, unknown> | undefined> | null)?.[kind];
    for (const timing of timings) {
      const list = group?.[timing];
      if (Array.isArray(list)) files.push(...list.filter((file) => typeof file === 'string'));
    }
  }
  return files;
}

/** The scripts loaded first for the exposed module `expose`: what its first render needs. */
export function exposedInitialScripts(manifest: unknown, expose: string): string[] {
  const exposes = shapeOf(manifest).exposes;
  const exposed = Array.isArray(exposes)
    ? exposes.find((entry) => entry?.path === expose)
    : undefined;
  return assetFiles(exposed?.assets, ['js'], ['sync']);
}

/** Every file the manifest lists: its entry, and each exposed and shared module's assets. */
export function manifestFiles(manifest: unknown): string[] {
  const { exposes, shared } = shapeOf(manifest);
  const files = [
    ...(Array.isArray(exposes) ? exposes : []),
    ...(Array.isArray(shared) ? shared : []),
  ].flatMap((entry) => assetFiles(entry?.assets, ['js', 'css'], ['sync', 'async']));
  const entry = remoteEntryFile(manifest);
  return entry === undefined ? files : [...files, entry];
}

/**
 * The scripts the federation runtime loads first from a remote's manifest, as URLs: its
 * entry and its exposed `expose`'s first chunks, for manifests whose public path is 'auto'
 * (the remote's files sit beside its manifest, as loofi's remotes build them); none for
 * another public path.
 */
export function firstScripts(manifestUrl: string, manifest: unknown, expose: string): string[] {
  const entry = remoteEntryFile(manifest);
  if (shapeOf(manifest).metaData?.publicPath !== 'auto' || entry === undefined) return [];
  // A remote may build its exposed module into its entry: each file is fetched once.
  const files = new Set([entry, ...exposedInitialScripts(manifest, expose)]);
  return [...files].map((file) => new URL(file, manifestUrl).href);
}
