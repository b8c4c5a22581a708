import type { PublicConfig, Track } from '@loofi/contracts';
import { firstHttpUrl, toTrack } from '../../../lib/track-candidate';
import { normaliseTrackCount } from './number-of-tracks';

export type JamendoMethod = 'popular' | 'search' | 'tags';

/** SPEC §9: the Tags box's default, and the tags the popular method always asks for. */
export const DEFAULT_JAMENDO_TAGS = 'lofi,chill,ambient';
const POPULAR_TAGS = 'lofi,chill,ambient,instrumental';

/** SPEC §8's internal failures. */
export const JAMENDO_FAILED = 'Failed to fetch music from Jamendo API';
export const JAMENDO_NO_CLIENT_ID = 'Jamendo Client ID not found in environment variables';
const jamendoStatusError = (status: number) => `Jamendo API responded with status: ${status}`;

export interface JamendoQuery {
  method: JamendoMethod;
  /** The Search Query box; used by the search method. */
  search: string;
  /** The Tags box; used by the tags method. */
  tags: string;
  /** The Number of Tracks box, normalised again here. */
  limit: string | number;
}

export type JamendoConfig = Pick<PublicConfig, 'jamendoApiUrl' | 'jamendoClientId'>;

/** 'lofi, chill,,ambient ' becomes 'lofi,chill,ambient'; nothing left means the default tags. */
export function normaliseTags(tags: string): string {
  const list = tags
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  return list.length > 0 ? list.join(',') : DEFAULT_JAMENDO_TAGS;
}

/**
 * SPEC §7: `GET {jamendoApiUrl}/tracks/` with client_id, format=json, limit,
 * order=popularity_total, include=musicinfo, then tags (popular, tags) or search (search).
 */
export function jamendoTracksUrl(config: JamendoConfig, query: JamendoQuery): string {
  if (!config.jamendoClientId) throw new Error(JAMENDO_NO_CLIENT_ID);
  const params = new URLSearchParams({
    client_id: config.jamendoClientId,
    format: 'json',
    limit: String(normaliseTrackCount(query.limit)),
    order: 'popularity_total',
    include: 'musicinfo',
  });
  if (query.method === 'search') {
    const search = query.search.trim();
    if (!search) throw new Error('A Jamendo search needs a query.');
    params.set('search', search);
  } else {
    params.set('tags', query.method === 'popular' ? POPULAR_TAGS : normaliseTags(query.tags));
  }
  return `${config.jamendoApiUrl.replace(/\/+$/, '')}/tracks/?${params.toString()}`;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * SPEC §7: results[].name, artist_name, audio or audiodownload, image or album_image, with
 * 'Unknown Title' and 'Unknown Artist' as defaults. A result without a usable http(s)
 * audio address is left out.
 */
export function mapJamendoResponse(body: unknown): Track[] {
  if (typeof body !== 'object' || body === null) throw new Error(JAMENDO_FAILED);
  const { headers, results } = body as { headers?: unknown; results?: unknown };
  const header = (typeof headers === 'object' && headers !== null ? headers : {}) as {
    status?: unknown;
    error_message?: unknown;
  };
  // Jamendo reports some errors (a bad client id) with HTTP 200 and a failed header.
  if (header.status === 'failed') {
    throw new Error(JAMENDO_FAILED, { cause: text(header.error_message) || 'status failed' });
  }
  if (!Array.isArray(results)) throw new Error(JAMENDO_FAILED, { cause: 'No results array' });
  return results.flatMap((result: unknown) => {
    if (typeof result !== 'object' || result === null) return [];
    const entry = result as Record<string, unknown>;
    const track = toTrack({
      title: text(entry.name) || 'Unknown Title',
      author: text(entry.artist_name) || 'Unknown Artist',
      // The first usable address: a broken `audio` does not hide a good `audiodownload`.
      audio: firstHttpUrl([entry.audio, entry.audiodownload]),
      image: firstHttpUrl([entry.image, entry.album_image]),
    });
    return track ? [track] : [];
  });
}

export interface JamendoOptions {
  signal?: AbortSignal;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Jamendo must have answered, and its answer been read, within this (as for scraping). */
const JAMENDO_TIMEOUT_MS = 20_000;

/**
 * Fetches tracks from Jamendo; a cancellation by `signal` is passed on as it is, and an
 * API that does not answer within `timeoutMs` is a failure like any other.
 */
export async function fetchJamendoTracks(
  config: JamendoConfig,
  query: JamendoQuery,
  { signal, fetch: fetchTracks = fetch, timeoutMs = JAMENDO_TIMEOUT_MS }: JamendoOptions = {},
): Promise<Track[]> {
  const url = jamendoTracksUrl(config, query);
  const deadline = AbortSignal.timeout(timeoutMs);
  const stop = signal ? AbortSignal.any([signal, deadline]) : deadline;
  let response: Response;
  try {
    response = await fetchTracks(url, { signal: stop });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new Error(JAMENDO_FAILED, { cause });
  }
  if (!response.ok) throw new Error(jamendoStatusError(response.status));
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new Error(JAMENDO_FAILED, { cause });
  }
  return mapJamendoResponse(body);
}
