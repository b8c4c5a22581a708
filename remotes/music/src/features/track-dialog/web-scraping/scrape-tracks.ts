import type { Track } from '@loofi/contracts';
import { TRACK_LIMITS } from '@loofi/contracts';
import { ExplainedError } from '../../../lib/messages';
import type { SkipReason } from '../../../lib/track-candidate';
import { parseTrackPage } from './parse-track-page';

export const SCRAPE_FAILED = 'Failed to scrape music data';
/** A proxy answer larger than this is refused unread (a page is a few hundred kB). */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;
/** A proxy that has not answered and been read by then counts as failed. */
const SCRAPE_TIMEOUT_MS = 20_000;

/** The proxy address for a page: `{url}` replaced by the page's URL-encoded address. */
export function proxiedUrl(template: string, target: string): string {
  return template.split('{url}').join(encodeURIComponent(target));
}

/** What the owner typed is a page we can ask the proxy for, or why not (SPEC §5: required). */
export function pageUrlProblem(value: string): string | null {
  const text = value.trim();
  if (!text) return 'Enter the address of the page to scrape.';
  if (text.length > TRACK_LIMITS.url) {
    return `This address is too long (${text.length} characters): keep it within ${TRACK_LIMITS.url}.`;
  }
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return null;
  } catch {
    // Not a URL at all: the same advice as for another scheme.
  }
  return 'Enter an http(s) address, e.g. https://example.org/playlist.';
}

/** The page, or the proxy asked for it, answered with an HTTP error. */
class AnswerError extends Error {
  constructor(
    readonly from: 'page' | 'proxy',
    readonly status: number,
  ) {
    super(`The ${from} responded with status: ${status}`);
  }
}

/** The proxy could not be reached at all: no network, or no answer from its host. */
class UnreachableError extends Error {
  constructor(
    readonly offline: boolean,
    options: ErrorOptions,
  ) {
    super('The scraping proxy could not be reached.', options);
  }
}

export const OFFLINE_DETAIL = 'You are offline: connect to the internet and try again.';
export const UNREACHABLE_DETAIL =
  'The scraping proxy could not be reached: check your connection and try again.';

/** What the owner is told of a failed scrape, after SPEC §8's message; null: nothing more. */
function explain(cause: unknown, timedOut: boolean, timeoutMs: number): string | null {
  if (timedOut) return `The page did not answer within ${timeoutMs / 1000} seconds.`;
  if (cause instanceof UnreachableError) return cause.offline ? OFFLINE_DETAIL : UNREACHABLE_DETAIL;
  if (!(cause instanceof AnswerError)) return null;
  if (cause.from === 'proxy') return `The scraping proxy answered with status ${cause.status}.`;
  return cause.status === 404 || cause.status === 410
    ? `The page was not found (its site answered ${cause.status}): check the address.`
    : `The page's site answered with status ${cause.status}.`;
}

/** The HTML in a proxy answer: `contents` (SPEC §7), unless the page itself failed. */
function contentsOf(body: unknown): string {
  if (typeof body !== 'object' || body === null)
    throw new Error('The proxy answer is not an object.');
  const { contents, status } = body as { contents?: unknown; status?: { http_code?: unknown } };
  if (typeof status?.http_code === 'number' && status.http_code >= 400) {
    throw new AnswerError('page', status.http_code);
  }
  if (typeof contents !== 'string') throw new Error('The proxy answer has no contents.');
  return contents;
}

export interface ScrapeOptions {
  signal?: AbortSignal;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Told of each `.track-item` left out, and why. */
  onSkipped?(reason: SkipReason): void;
}

/** A response's body as text, given up (and its download cancelled) past `maxBytes`. */
export async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) throw new Error(`The answer is larger than ${maxBytes} bytes.`);
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel();
      throw new Error(`The answer is larger than ${maxBytes} bytes.`);
    }
    text += decoder.decode(value, { stream: true });
  }
}

/**
 * Fetches a page through the CORS proxy and reads its tracks, within `timeoutMs` for the
 * whole of it and `MAX_ANSWER_BYTES` for the answer; the parse never blocks the page (see
 * ./parse-track-page). Any failure but a cancellation by `signal` (a time-out included)
 * becomes SPEC §8's 'Failed to scrape music data', with the reason as cause, explained to
 * the owner where it can be (an `ExplainedError`: the page was not found, …).
 */
export async function scrapeTracks(
  pageUrl: string,
  proxyTemplate: string,
  {
    signal,
    fetch: fetchPage = fetch,
    timeoutMs = SCRAPE_TIMEOUT_MS,
    onSkipped,
  }: ScrapeOptions = {},
): Promise<Track[]> {
  const deadline = AbortSignal.timeout(timeoutMs);
  const stop = signal ? AbortSignal.any([signal, deadline]) : deadline;
  try {
    const response = await fetchPage(proxiedUrl(proxyTemplate, pageUrl), { signal: stop }).catch(
      (cause: unknown) => {
        // A fetch that never got an answer rejects with a TypeError (a time-out aborts).
        if (!(cause instanceof TypeError)) throw cause;
        throw new UnreachableError(navigator.onLine === false, { cause });
      },
    );
    if (!response.ok) throw new AnswerError('proxy', response.status);
    const answer: unknown = JSON.parse(await readCapped(response, MAX_ANSWER_BYTES));
    return await parseTrackPage(contentsOf(answer), pageUrl, { signal: stop, onSkipped });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    const detail = explain(cause, deadline.aborted, timeoutMs);
    throw detail
      ? new ExplainedError(SCRAPE_FAILED, detail, { cause })
      : new Error(SCRAPE_FAILED, { cause });
  }
}
