import type { Track } from '@loofi/contracts';
import type { AudioLike } from './decks';
import { mediaErrorCode } from './stall-recovery';
import type { FailureKind } from './stall-recovery';

/** `MediaError` codes: a download that failed part-way, and data that could not be decoded. */
const MEDIA_ERR_NETWORK = 2;
const MEDIA_ERR_DECODE = 3;

const AUDIO_TYPE = /^(audio\/|video\/|application\/(ogg|octet-stream))/i;

/**
 * Whether an element's failure on `url` is worth riding out, by asking the host for the
 * file's first bytes: gone (404, 410) or not audio is fatal; a server error, a refused
 * connection or a host that does not let the page read its answer (no CORS) is transient,
 * until the 15 s rule leaves the track. A file the host serves as audio that the element
 * still refused (`code` not a decode error) is in a format this browser cannot play.
 */
export async function probeFailure(
  url: string,
  code: number | null,
  fetchImpl: typeof fetch = fetch,
): Promise<FailureKind> {
  if (code === MEDIA_ERR_NETWORK) return 'transient';
  let response: Response;
  try {
    response = await fetchImpl(url, {
      headers: { Range: 'bytes=0-1' },
      mode: 'cors',
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch {
    return 'transient';
  }
  // Only the status and type are wanted: the rest of the body is not downloaded.
  response.body?.cancel().catch(() => undefined);
  const { status } = response;
  if (status >= 500 || status === 408 || status === 429) return 'transient';
  if (!response.ok) return 'fatal';
  if (!AUDIO_TYPE.test(response.headers.get('content-type') ?? 'application/octet-stream')) {
    return 'fatal';
  }
  // Audio that decoded badly may be an answer cut short; audio refused outright will not play.
  return code === MEDIA_ERR_DECODE ? 'transient' : 'fatal';
}

/**
 * How the player tells a failed track's kind: offline, it failed for want of the network;
 * from a host the page may read (`readable`), the host's own word (`probeFailure`); from
 * any other host, whose answer the site's security policy would refuse to the page (and
 * log as a violation), it is ridden out as a failure of a moment, and the 15 s rule leaves
 * it if it never plays.
 */
export function failureClassifier(
  readable: (track: Track) => boolean,
  online: () => boolean = () => navigator.onLine,
  probe: typeof probeFailure = probeFailure,
): (track: Track, audio: AudioLike) => FailureKind | Promise<FailureKind> {
  return (track, audio) =>
    online() && readable(track) ? probe(track.audio, mediaErrorCode(audio)) : 'transient';
}
