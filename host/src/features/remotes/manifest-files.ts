/**
 * The files a remote's `mf-manifest.json` names, as paths beside the manifest. Read by the
 * inline start script (to preload a returning owner's first remote) and by the remote
 * loader (to tell a redeploy from a network failure).
 */
interface ManifestShape {
  metaData?: { publicPath?: unknown; remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: { path?: unknown; assets?: unknown }[];
  shared?: { assets?: unknown }[];
}

const shapeOf = (manifest: unknown) => (manifest ?? {}) as ManifestShape;

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
