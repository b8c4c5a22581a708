import type { SharedLink } from '@loofi/contracts';

/** How long the host of a shared link may take to say what it serves. */
export const TYPE_PROBE_TIMEOUT_MS = 3_000;

const AUDIO_TYPE = /^(audio\/|application\/ogg\b)/i;

export interface LinkKindOptions {
  /** Whether the site's security policy lets the page read this URL's host. */
  mayRead(url: string): boolean;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

/**
 * A link whose name does not say it is audio may still be an audio file (a stream, a
 * download link): where the page may read its host, a `HEAD` asks for its content type,
 * briefly. Anything else, or no answer in time, is a page to scrape.
 */
export async function linkKind(
  url: string,
  audioByName: boolean,
  { mayRead, fetchImpl = fetch, timeoutMs = TYPE_PROBE_TIMEOUT_MS }: LinkKindOptions,
): Promise<SharedLink['kind']> {
  if (audioByName) return 'audio';
  if (!mayRead(url)) return 'page';
  try {
    const response = await fetchImpl(url, {
      method: 'HEAD',
      mode: 'cors',
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return response.ok && AUDIO_TYPE.test(response.headers.get('content-type') ?? '')
      ? 'audio'
      : 'page';
  } catch {
    // No CORS, no answer in time, no network: nothing says it is audio.
    return 'page';
  }
}
