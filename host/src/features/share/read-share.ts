/**
 * What a share holds, read from the share target's query (`url`, `text`, `title`): a link
 * loofi can add (an absolute http(s) URL; `audio` when its name ends like an audio file's),
 * a link of another scheme, which it cannot, or no link at all.
 */
export type ShareReading =
  | { kind: 'link'; url: string; title: string; audio: boolean }
  | { kind: 'not-http'; url: string }
  | { kind: 'none' };

const AUDIO_EXTENSION = /\.(aac|flac|m4a|mp3|oga|ogg|opus|wav|weba)$/i;
const HTTP_URL = /https?:\/\/[^\s<>"]+/gi;
/** What ends a sentence around a link in shared text, not the link itself. */
const TRAILING_PUNCTUATION = /[.,;:!?'")\]}»”’]+$/;

function httpUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The first http(s) URL written in `text`. */
function firstHttpUrl(text: string): string | null {
  for (const [match] of text.matchAll(HTTP_URL)) {
    const url = httpUrl(match.replace(TRAILING_PUNCTUATION, ''));
    if (url) return url;
  }
  return null;
}

/** `value` is one URL of a scheme other than http(s) (`javascript:`, `ftp:`, `data:` …). */
function otherScheme(value: string): boolean {
  if (value === '' || /\s/.test(value)) return false;
  try {
    return !['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * The link of a share: the first http(s) URL of `url`, else of `text` (Android apps often
 * put the link in the text, after a few words).
 */
export function readShare(query: URLSearchParams): ShareReading {
  const sharedUrl = query.get('url')?.trim() ?? '';
  const text = query.get('text')?.trim() ?? '';
  const url = httpUrl(sharedUrl) ?? firstHttpUrl(sharedUrl) ?? firstHttpUrl(text);
  if (url) {
    const title = query.get('title')?.trim() ?? '';
    return { kind: 'link', url, title, audio: AUDIO_EXTENSION.test(new URL(url).pathname) };
  }
  const other = [sharedUrl, text].find(otherScheme);
  return other ? { kind: 'not-http', url: other } : { kind: 'none' };
}
