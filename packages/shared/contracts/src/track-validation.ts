import { characterCount, showsNothing } from './track';
import type { Track } from './track';

const TRACK_FIELDS = ['title', 'author', 'audio', 'image'] as const;

/**
 * Limits that keep one bad entry from bloating the library: a title or author in characters
 * (`textTooLong`), an address in UTF-16 units (an address is ASCII once encoded).
 */
export const TRACK_LIMITS = { text: 200, url: 2048 } as const;

/** Whether a title or author is over `TRACK_LIMITS.text` characters (`characterCount`). */
export function textTooLong(text: string): boolean {
  return characterCount(text) > TRACK_LIMITS.text;
}

export class InvalidTrackError extends Error {
  override name = 'InvalidTrackError';
}

/** SPEC §5's words for a track whose title and author are already in the library. */
export const DUPLICATE_TRACK_MESSAGE =
  'This music already exists in your library. Please check the title and author.';

/** The library already holds this music (same identity, SPEC §5). */
export class DuplicateTrackError extends Error {
  override name = 'DuplicateTrackError';
  constructor() {
    super(DUPLICATE_TRACK_MESSAGE);
  }
}

/**
 * Whether a value may be used as an audio or image address: an absolute http(s) URL or a
 * path on this site. Anything else (`javascript:`, `data:`, protocol-relative `//host`)
 * never reaches the DOM.
 */
export function isSafeMediaUrl(value: string): boolean {
  if (value.length === 0 || value.length > TRACK_LIMITS.url) return false;
  // Browsers drop tabs and newlines from URLs, so '/\t/evil.example' would become '//evil…'.
  if (WHITESPACE_OR_CONTROL.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Loopback hosts, which the site's Content-Security-Policy lets load over plain http. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a safe address (above) can also play here: the site's Content-Security-Policy
 * lets media and images load from https, this site and loopback only, so a plain
 * `http://` address elsewhere would be stored and then refused by the browser. New tracks
 * must pass this; entries already stored are still read with `isSafeMediaUrl`.
 */
export function isPlayableMediaUrl(value: string): boolean {
  if (!isSafeMediaUrl(value)) return false;
  if (value.startsWith('/')) return true;
  const url = new URL(value);
  return url.protocol === 'https:' || LOOPBACK_HOSTS.has(url.hostname);
}

/** Whitespace and control characters (one regular expression: a library is read whole). */
// eslint-disable-next-line no-control-regex
const WHITESPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f]/;

/** Checks a track before it is written; throws with a message naming the bad field. */
export function validateTrack(track: Track): Track {
  const problem = describeProblem(track, isPlayableMediaUrl);
  if (problem) throw new InvalidTrackError(problem);
  return {
    title: track.title.trim(),
    author: track.author.trim(),
    audio: track.audio.trim(),
    image: track.image.trim(),
  };
}

/** Whatever of a stored entry's four fields is text, the others empty: a repair's start. */
export function salvageTrack(value: unknown): Track {
  const entry =
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const text = (field: (typeof TRACK_FIELDS)[number]) =>
    typeof entry[field] === 'string' ? entry[field] : '';
  return {
    title: text('title'),
    author: text('author'),
    audio: text('audio'),
    image: text('image'),
  };
}

/** Reads a stored entry defensively: a track, or the reason it is not one. */
export function readStoredTrack(value: unknown): { track: Track } | { problem: string } {
  if (typeof value !== 'object' || value === null) return { problem: 'not an object' };
  const entry = value as Record<string, unknown>;
  for (const field of TRACK_FIELDS) {
    if (typeof entry[field] !== 'string') return { problem: `${field} is not a string` };
  }
  // Every field is text here, so the salvage is the whole track.
  const track = salvageTrack(entry);
  const problem = describeProblem(track, isSafeMediaUrl);
  return problem ? { problem } : { track };
}

function describeProblem(track: Track, usable: (url: string) => boolean): string | null {
  for (const field of ['title', 'author'] as const) {
    const text = typeof track[field] === 'string' ? track[field].trim() : '';
    // Zero-width characters alone show nothing: such a title is as missing as an empty one.
    if (showsNothing(text)) return `The ${field} is missing.`;
    if (textTooLong(text)) {
      return `The ${field} is longer than ${TRACK_LIMITS.text} characters.`;
    }
  }
  for (const field of ['audio', 'image'] as const) {
    const url = typeof track[field] === 'string' ? track[field].trim() : '';
    // SPEC §5 keeps scraped tracks without an image; only a present image must be safe.
    if (field === 'image' && url === '') continue;
    if (url.length > TRACK_LIMITS.url) {
      return `The ${field} address is longer than ${TRACK_LIMITS.url} characters.`;
    }
    if (!usable(url)) {
      return `The ${field} address must be an https URL or a path on this site.`;
    }
  }
  return null;
}
