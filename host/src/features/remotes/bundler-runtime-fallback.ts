import { remoteBuildOf } from '@loofi/contracts/apps';
import { bundlerRuntimeRegistry, sitePolicy } from '@loofi/federation';
import type { BundlerRuntimeRegistry } from '@loofi/federation';

export interface FallbackOptions {
  /** The page's registry of bundler runtimes. */
  registry?: () => BundlerRuntimeRegistry;
  /** Runs a script and settles when it has run. */
  runScript?: (url: string) => Promise<void>;
}

function runScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = sitePolicy().scriptUrl(url);
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`${url} could not be loaded.`));
    document.head.append(script);
  });
}

/** Where the manifest's paths are relative to: its `publicPath`, or the manifest's folder. */
function baseOf(manifest: unknown, manifestUrl: string): string {
  const publicPath = (manifest as { metaData?: { publicPath?: unknown } }).metaData?.publicPath;
  return typeof publicPath === 'string' && publicPath !== 'auto'
    ? new URL(publicPath, manifestUrl).href
    : manifestUrl;
}

/**
 * Before a remote's entry runs: where the page's registry has no bundler runtime of the
 * major the remote was built with (its manifest says which), runs the remote's own runtime
 * script, which provides one. A remote of the page's major, or one whose manifest records
 * nothing, needs nothing more. Rejects only when the remote's own copy cannot be had.
 */
export async function ensureBundlerRuntime(
  manifest: unknown,
  manifestUrl: string,
  { registry = bundlerRuntimeRegistry, runScript: run = runScript }: FallbackOptions = {},
): Promise<void> {
  const build = remoteBuildOf(manifest);
  if (!build) return;
  const { version, script } = build.bundlerRuntime;
  if (registry().serves(version)) return;
  const url = new URL(script, baseOf(manifest, manifestUrl)).href;
  // The runtime fetches a manifest once for all loads of it (its manifestLoading), so one
  // remote's script is not asked for twice at once; once it has run, the registry serves.
  await run(url);
  if (!registry().serves(version)) {
    throw new Error(`${url} did not provide Module Federation ${version}.`);
  }
}
