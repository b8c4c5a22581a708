import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_IDS } from '@loofi/contracts/apps';
import type { RemotesManifest } from '@loofi/contracts/apps';

function httpsUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * What is wrong with a `remotes.json` meant for a deployed host: each tab must name its
 * remote's manifest by an https URL (a page served over https loads nothing over http, and
 * the build's own file names loopback addresses).
 */
export function deployedRemotesProblems(data: unknown): string[] {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return ['it is not a JSON object of tab → manifest URL'];
  }
  const entries = data as Record<string, unknown>;
  return REMOTE_IDS.flatMap((tab) =>
    httpsUrl(entries[tab]) ? [] : [`"${tab}" is not an https URL: ${String(entries[tab])}`],
  );
}

/**
 * The deployed `remotes.json` at `source`, checked. Throws, saying what is wrong, so a host
 * that would look for its tabs on loopback (or nowhere) is never deployed.
 */
export function readDeployedRemotes(source: string): RemotesManifest {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(source, 'utf8'));
  } catch (cause) {
    throw new Error(`REMOTES_JSON (${source}) could not be read as JSON.`, { cause });
  }
  const problems = deployedRemotesProblems(data);
  if (problems.length > 0) {
    throw new Error(`REMOTES_JSON (${source}) cannot be deployed: ${problems.join('; ')}.`);
  }
  return Object.fromEntries(
    REMOTE_IDS.map((tab) => [tab, (data as Record<string, string>)[tab]]),
  ) as RemotesManifest;
}

/** Writes the deployed `remotes.json` over the loopback one the host's build wrote. */
export function writeDeployedRemotes(manifest: RemotesManifest, hostDist: string): void {
  writeFileSync(path.join(hostDist, 'remotes.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}
