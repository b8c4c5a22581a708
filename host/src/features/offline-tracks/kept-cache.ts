// What the page (which stores kept tracks) and the service worker (which serves them) agree
// on. The service worker imports this file: it must stay free of DOM and app code.

/** The one cache holding every kept track's audio and cover, as full 200 responses. */
export const KEPT_TRACKS_CACHE = 'loofi-offline-tracks';

/** The message the page sends its service worker when the kept tracks change. */
export const KEPT_TRACKS_CHANGED = 'KEPT_TRACKS_CHANGED';

/**
 * Each stored response says what it is: the cache is also the index of what is kept, so
 * there is one store to keep consistent, and it survives reloads.
 */
export const KEPT_HEADERS = {
  /** `audio` (one per kept track: its presence is what makes the track kept) or `cover`. */
  role: 'X-Loofi-Kept',
  /** On an audio entry: the track's `audio` as the library spells it (URI-encoded). */
  track: 'X-Loofi-Kept-Track',
  /** On an audio entry: the absolute URL of the cover stored with it (URI-encoded), if any. */
  cover: 'X-Loofi-Kept-Cover',
  /** On an audio entry: the bytes the track takes, audio and cover. */
  bytes: 'X-Loofi-Kept-Bytes',
} as const;

/** A URL as the cache keys it: absolute, without its fragment (requests carry none). */
export function keptKeyOf(url: string, base: string): string {
  const absolute = new URL(url, base);
  absolute.hash = '';
  return absolute.href;
}
