import * as z from 'zod/mini';
import type { RemotesManifest } from '@loofi/shared/federation';

const manifestUrl = z.url({ protocol: /^https?$/ });

const remotesManifestSchema = z.object({
  home: manifestUrl,
  music: manifestUrl,
  settings: manifestUrl,
});

/** Where the deploy-time list of remotes lives, next to the host's index.html. */
export const REMOTES_MANIFEST_PATH = '/remotes.json';

export class RemotesManifestError extends Error {
  override name = 'RemotesManifestError';
}

/**
 * Reads `remotes.json`: for each tab, the URL of its remote's `mf-manifest.json`. It is
 * deploy-time data, so a remote can move or redeploy without rebuilding the host.
 */
export async function fetchRemotesManifest(
  fetchImpl: typeof fetch = fetch,
  url = REMOTES_MANIFEST_PATH,
): Promise<RemotesManifest> {
  let response: Response;
  try {
    response = await fetchImpl(url, { cache: 'no-cache' });
  } catch (cause) {
    throw new RemotesManifestError(`The list of remotes (${url}) could not be fetched.`, { cause });
  }
  if (!response.ok) {
    throw new RemotesManifestError(`The list of remotes (${url}) answered ${response.status}.`);
  }
  const parsed = remotesManifestSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.') || 'root').join(', ');
    throw new RemotesManifestError(`The list of remotes (${url}) is invalid: ${fields}.`);
  }
  return parsed.data;
}
