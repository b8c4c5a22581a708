import { REMOTE_IDS } from '@loofi/contracts/apps';
import type { RemotesManifest } from '@loofi/contracts/apps';
import type { TabName } from '@loofi/contracts';
import { isHttpUrl } from '../remotes/remotes-location';

/**
 * Where each tab's remote was, and what its first render asked for, the last time this
 * browser loaded it: index.html's start script (../../early-start.ts) reads it at once, so
 * a returning owner's landing tab starts fetching its manifest, its entry and its first
 * scripts beside `remotes.json` rather than one after the other. Only a head start: the
 * network's `remotes.json` and manifest still decide what loads, so a remote that moved or
 * was redeployed since is loaded as they now say. A few URLs, kept in localStorage.
 */
export const START_HINT_KEY = 'loofi-start';

/** A tab's remote as last loaded. */
export interface TabStart {
  /** Its `mf-manifest.json`. */
  manifest: string;
  /** Its entry and its exposed module's first scripts. */
  scripts: string[];
  /** The share keys its manifest consumes (the page provides their chunks). */
  shared: string[];
}

interface StartHint {
  remotes: Partial<Record<TabName, string>>;
  /** By manifest URL. */
  first: Record<string, { scripts: string[]; shared: string[] }>;
}

type ReadStorage = Pick<Storage, 'getItem'>;
type WriteStorage = Pick<Storage, 'getItem' | 'setItem'>;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((each): each is string => typeof each === 'string') : [];

function readHint(storage: ReadStorage): StartHint {
  let data: unknown;
  try {
    data = JSON.parse(storage.getItem(START_HINT_KEY) ?? 'null');
  } catch {
    // Unreadable (or unavailable storage): no head start, nothing else changes.
  }
  const hint = (data ?? {}) as Partial<StartHint>;
  return {
    remotes: typeof hint.remotes === 'object' && hint.remotes !== null ? hint.remotes : {},
    first: typeof hint.first === 'object' && hint.first !== null ? hint.first : {},
  };
}

function writeHint(storage: WriteStorage, hint: StartHint): void {
  try {
    const text = JSON.stringify(hint);
    if (storage.getItem(START_HINT_KEY) !== text) storage.setItem(START_HINT_KEY, text);
  } catch {
    // Storage full or unavailable: the next visit starts without a head start.
  }
}

/** The tab's remote as this browser last loaded it; undefined if unknown. */
export function readTabStart(
  tab: TabName,
  storage: ReadStorage = localStorage,
): TabStart | undefined {
  const hint = readHint(storage);
  const manifest = hint.remotes[tab];
  if (!isHttpUrl(manifest)) return undefined;
  const first = hint.first[manifest];
  return {
    manifest,
    scripts: strings(first?.scripts).filter(isHttpUrl),
    shared: strings(first?.shared),
  };
}

/** Keeps `remotes.json` as the network answered it; what it no longer names is dropped. */
export function rememberRemotes(
  remotes: RemotesManifest,
  storage: WriteStorage = localStorage,
): void {
  const { first } = readHint(storage);
  const urls = new Set<string>(REMOTE_IDS.map((tab) => remotes[tab]));
  writeHint(storage, {
    remotes: Object.fromEntries(REMOTE_IDS.map((tab) => [tab, remotes[tab]])),
    first: Object.fromEntries(Object.entries(first).filter(([url]) => urls.has(url))),
  });
}

/** Keeps what a remote's manifest (as the network answered it) names for its first render. */
export function rememberFirstScripts(
  manifestUrl: string,
  scripts: string[],
  shared: string[],
  storage: WriteStorage = localStorage,
): void {
  const hint = readHint(storage);
  // Only a remote remotes.json names: a hint never grows past the tabs there are.
  if (!Object.values(hint.remotes).includes(manifestUrl)) return;
  writeHint(storage, { ...hint, first: { ...hint.first, [manifestUrl]: { scripts, shared } } });
}
