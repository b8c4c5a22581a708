import { REMOTE_IDS } from '@loofi/contracts/apps';
import type { RemotesManifest } from '@loofi/contracts/apps';
import { takeEarlyRemotes } from '../early-start/early-fetches';
import { rememberRemotes } from '../early-start/start-hint';
import { REMOTES_MANIFEST_PATH, isHttpUrl } from './remotes-location';

/** The fields of `remotes.json` that are missing or not an http(s) URL. */
function invalidFields(data: unknown): string[] {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return ['root'];
  const entries = data as Record<string, unknown>;
  return REMOTE_IDS.filter((tab) => !isHttpUrl(entries[tab]));
}

export class RemotesManifestError extends Error {
  override name = 'RemotesManifestError';
}

/**
 * Reads `remotes.json`: for each tab, the URL of its remote's `mf-manifest.json`. It is
 * deploy-time data, so a remote can move or redeploy without rebuilding the host. What it
 * says is kept for the next visit's start script (../early-start/start-hint).
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
  const remotes = Object.fromEntries(
    REMOTE_IDS.map((tab) => [tab, entries[tab]]),
  ) as RemotesManifest;
  rememberRemotes(remotes);
  return remotes;
}

let early: Promise<RemotesManifest> | null = null;

/**
 * Starts reading `remotes.json` now (a returning owner's page, before the dashboard's code
 * has arrived), for the next `takeRemotesManifest` to use: the response index.html's start
 * script already asked for if there is one, else a new fetch.
 */
export function fetchRemotesManifestEarly(): void {
  const started = takeEarlyRemotes();
  early ??= fetchRemotesManifest(started ? () => started : undefined);
  early.catch(() => undefined);
}

/** `remotes.json`: the read started early if there is one (used once), else a new fetch. */
export function takeRemotesManifest(): Promise<RemotesManifest> {
  const started = early;
  early = null;
  return started ?? fetchRemotesManifest();
}
