import type { Track } from '@loofi/contracts';
import {
  isPlayableMediaUrl,
  showsNothing,
  textTooLong,
  TRACK_LIMITS,
  validateTrack,
} from '@loofi/contracts';

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
 * Why a candidate is no track: it lacks a title, an author or an audio address
 * (`incomplete`), its audio address cannot play here (`unplayable`), or a name or address
 * is longer than the library keeps (`tooLong`).
 */
export type SkipReason = 'incomplete' | 'unplayable' | 'tooLong';

/** How many candidates were skipped, for each reason. */
export type SkippedEntries = Readonly<Record<SkipReason, number>>;

export const NOTHING_SKIPPED: SkippedEntries = { incomplete: 0, unplayable: 0, tooLong: 0 };

/**
 * A track we may store, or why not. SPEC §5 keeps candidates only with a title, an author
 * and an audio address; an unusable image is dropped rather than the whole track.
 */
export function readCandidate(
  raw: RawCandidate,
  base?: string,
): { track: Track } | { skipped: SkipReason } {
  const title = collapseSpaces(raw.title);
  const author = collapseSpaces(raw.author);
  const audioText = (raw.audio ?? '').trim();
  if (showsNothing(title) || showsNothing(author) || !audioText) return { skipped: 'incomplete' };
  if (textTooLong(title) || textTooLong(author) || audioText.length > TRACK_LIMITS.url) {
    return { skipped: 'tooLong' };
  }
  const audio = httpUrl(audioText, base);
  if (!audio) return { skipped: 'unplayable' };
  const image = httpUrl(raw.image, base) ?? '';
  try {
    return { track: validateTrack({ title, author, audio, image }) };
  } catch {
    // A resolved address grown past the limit, and the like: the library would refuse it.
    return { skipped: 'tooLong' };
  }
}

/** A track we may store, or null (see `readCandidate`). */
export function toTrack(raw: RawCandidate, base?: string): Track | null {
  const reading = readCandidate(raw, base);
  return 'track' in reading ? reading.track : null;
}

/** Counts what `readCandidate` skipped, reason by reason. */
export function skipCounter() {
  const counts: Record<SkipReason, number> = { ...NOTHING_SKIPPED };
  return {
    skip(reason: SkipReason) {
      counts[reason] += 1;
    },
    get counts(): SkippedEntries {
      return { ...counts };
    },
  };
}

/**
 * What was skipped, in the owner's words, for a list such as an import's: '1 entry missing
 * its title, author or audio', '2 entries missing their title, author or audio', '2 entries
 * whose audio cannot play here'.
 */
export function describeSkipped(skipped: SkippedEntries): string[] {
  const entries = (count: number, what: string, whatOfMany = what) =>
    count === 1 ? `1 entry ${what}` : `${count} entries ${whatOfMany}`;
  return [
    skipped.incomplete > 0
      ? entries(
          skipped.incomplete,
          'missing its title, author or audio',
          'missing their title, author or audio',
        )
      : null,
    skipped.unplayable > 0 ? entries(skipped.unplayable, 'whose audio cannot play here') : null,
    skipped.tooLong > 0
      ? entries(skipped.tooLong, 'with a name or address too long to keep')
      : null,
  ].filter((part): part is string => part !== null);
}
