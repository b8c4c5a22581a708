/** A track as stored in the `loofi-music` list (SPEC §3). */
export interface Track {
  title: string;
  author: string;
  /** URL of the audio file. */
  audio: string;
  /** URL or same-origin path of the cover image. */
  image: string;
}

/** A track together with the stable key of its entry in the library. */
export interface StoredTrack extends Track {
  key: string;
}

/** Tracks are the same when they play the same audio (SPEC §4: choosing it again toggles). */
export function sameTrack(a: Track | null, b: Track | null): boolean {
  return a !== null && b !== null && a.audio === b.audio;
}

/** Only the four fields of a track, whatever else the object carries (a library key …). */
export function plainTrack({ title, author, audio, image }: Track): Track {
  return { title, author, audio, image };
}

/** Characters that show nothing: zero-width spaces and joiners, word joiner, BOM, soft hyphen. */
const INVISIBLE = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g;

/**
 * How many characters a text has as a person counts them, near enough: code points, so an
 * emoji is one, where `length` counts the two UTF-16 units it is made of.
 */
export function characterCount(text: string): number {
  return Array.from(text).length;
}

/** Whether a text shows nothing: empty, spaces, or only invisible characters. */
export function showsNothing(text: string): boolean {
  return text.replace(INVISIBLE, '').trim() === '';
}

/**
 * A title or author as a reader sees it: compatibility-normalised, invisible characters
 * removed, runs of spaces made one, trimmed. A text that is empty here shows nothing.
 */
export function visibleText(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

/**
 * SPEC §5: two tracks are the same music when their title and author read the same,
 * ignoring case, invisible characters and how many spaces separate the words. The
 * separator cannot occur in visible text, so 'a b' + 'c' and 'a' + 'b c' stay apart.
 */
export function trackIdentity(track: Pick<Track, 'title' | 'author'>): string {
  return `${visibleText(track.title).toLowerCase()}\u0000${visibleText(track.author).toLowerCase()}`;
}
