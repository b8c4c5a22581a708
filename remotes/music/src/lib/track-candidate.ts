import type { Track } from '@loofi/contracts';
import { isPlayableMediaUrl, validateTrack } from '@loofi/contracts';

/** What a scraped page or an API said about a track, before anything is trusted. */
export interface RawCandidate {
  title?: string | null;
  author?: string | null;
  audio?: string | null;
  image?: string | null;
}

const collapseSpaces = (text: string | null | undefined) =>
  (text ?? '').replace(/\s+/g, ' ').trim();

/**
 * An absolute address that can play here (https, or http on loopback), resolved against
 * `base` when relative; null for anything else (`javascript:`, `data:`, `blob:`, plain http
 * elsewhere, unparseable): the first must never reach the DOM, the others would not load.
 */
export function httpUrl(value: string | null | undefined, base?: string): string | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return isPlayableMediaUrl(url.href) ? url.href : null;
}

/** The first of `values` that is a usable address (above), or null. */
export function firstHttpUrl(values: readonly unknown[], base?: string): string | null {
  for (const value of values) {
    const url = typeof value === 'string' ? httpUrl(value, base) : null;
    if (url) return url;
  }
  return null;
}

/**
 * A track we may store, or null. SPEC §5 keeps candidates only with a title, an author and
 * an audio address; an unusable image is dropped rather than the whole track.
 */
export function toTrack(raw: RawCandidate, base?: string): Track | null {
  const title = collapseSpaces(raw.title);
  const author = collapseSpaces(raw.author);
  const audio = httpUrl(raw.audio, base);
  if (!title || !author || !audio) return null;
  const image = httpUrl(raw.image, base) ?? '';
  try {
    return validateTrack({ title, author, audio, image });
  } catch {
    // Over-long titles and the like: the library would refuse them, so they are no candidates.
    return null;
  }
}
