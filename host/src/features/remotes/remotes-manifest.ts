import { REMOTE_IDS } from '@loofi/shared/federation';
import type { RemotesManifest } from '@loofi/shared/federation';

/** An absolute http(s) URL; anything else (javascript:, relative, not a string) is not. */
function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** The fields of `remotes.json` that are missing or not an http(s) URL. */
function invalidFields(data: unknown): string[] {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return ['root'];
  const entries = data as Record<string, unknown>;
  return REMOTE_IDS.filter((tab) => !isHttpUrl(entries[tab]));
}

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
  // A check by hand rather than a schema library: this runs in the dashboard's first chunk.
  const data: unknown = await response.json().catch(() => undefined);
  const invalid = invalidFields(data);
  if (invalid.length > 0) {
    throw new RemotesManifestError(
      `The list of remotes (${url}) is invalid: ${invalid.join(', ')}.`,
    );
  }
  const entries = data as RemotesManifest;
  return { home: entries.home, music: entries.music, settings: entries.settings };
}

let early: Promise<RemotesManifest> | null = null;

/**
 * Starts fetching `remotes.json` now (a returning owner's page, before the dashboard's code
 * has arrived), for the next `takeRemotesManifest` to use.
 */
export function fetchRemotesManifestEarly(): void {
  early ??= fetchRemotesManifest();
  early.catch(() => undefined);
}

/** `remotes.json`: the fetch started early if there is one (used once), else a new fetch. */
export function takeRemotesManifest(): Promise<RemotesManifest> {
  const started = early;
  early = null;
  return started ?? fetchRemotesManifest();
}
