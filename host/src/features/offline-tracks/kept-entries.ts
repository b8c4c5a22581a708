import type { OfflineState } from '@loofi/contracts';
import { KEPT_HEADERS, KEPT_TRACKS_CACHE } from './kept-cache';

/** One kept track, by the cache key of its audio. */
export interface KeptEntry {
  /** The track's `audio` as the library spells it: the key of `OfflineState.kept`. */
  track: string;
  /** The cache key of the cover stored with it. */
  cover: string | null;
  bytes: number;
}

/** What is kept, read from the cache: the index travels in the stored responses' headers. */
export async function readKeptEntries(caches: CacheStorage): Promise<Map<string, KeptEntry>> {
  const entries = new Map<string, KeptEntry>();
  if (!(await caches.has(KEPT_TRACKS_CACHE))) return entries;
  const cache = await caches.open(KEPT_TRACKS_CACHE);
  const requests = await cache.keys();
  const responses = await Promise.all(requests.map((request) => cache.match(request)));
  requests.forEach((request, index) => {
    const headers = responses[index]?.headers;
    if (headers?.get(KEPT_HEADERS.role) !== 'audio') return;
    const track = headers.get(KEPT_HEADERS.track);
    const cover = headers.get(KEPT_HEADERS.cover);
    entries.set(request.url, {
      track: track === null ? request.url : decodeURIComponent(track),
      cover: cover === null ? null : decodeURIComponent(cover),
      bytes: Number(headers.get(KEPT_HEADERS.bytes)) || 0,
    });
  });
  return entries;
}

export function offlineStateOf(
  entries: ReadonlyMap<string, KeptEntry>,
  saving: Iterable<string> = [],
): OfflineState {
  return {
    kept: new Map([...entries.values()].map((entry) => [entry.track, entry.bytes])),
    saving: new Set(saving),
  };
}
