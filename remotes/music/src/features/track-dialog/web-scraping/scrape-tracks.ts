import type { Track } from '@loofi/shared/contracts';
import { parseTrackPage } from './parse-track-page';

export const SCRAPE_FAILED = 'Failed to scrape music data';

/** The proxy address for a page: `{url}` replaced by the page's URL-encoded address. */
export function proxiedUrl(template: string, target: string): string {
  return template.split('{url}').join(encodeURIComponent(target));
}

/** What the owner typed is a page we can ask the proxy for, or why not (SPEC §5: required). */
export function pageUrlProblem(value: string): string | null {
  const text = value.trim();
  if (!text) return 'Enter the address of the page to scrape.';
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return null;
  } catch {
    // Not a URL at all: the same advice as for another scheme.
  }
  return 'Enter an http(s) address, e.g. https://example.org/playlist.';
}

/** The HTML in a proxy answer: `contents` (SPEC §7), unless the page itself failed. */
function contentsOf(body: unknown): string {
  if (typeof body !== 'object' || body === null)
    throw new Error('The proxy answer is not an object.');
  const { contents, status } = body as { contents?: unknown; status?: { http_code?: unknown } };
  if (typeof status?.http_code === 'number' && status.http_code >= 400) {
    throw new Error(`The page responded with status: ${status.http_code}`);
  }
  if (typeof contents !== 'string') throw new Error('The proxy answer has no contents.');
  return contents;
}

export interface ScrapeOptions {
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

/**
 * Fetches a page through the CORS proxy and reads its tracks. Any failure but a
 * cancellation becomes SPEC §8's 'Failed to scrape music data', with the reason as cause.
 */
export async function scrapeTracks(
  pageUrl: string,
  proxyTemplate: string,
  { signal, fetch: fetchPage = fetch }: ScrapeOptions = {},
): Promise<Track[]> {
  let html: string;
  try {
    const response = await fetchPage(proxiedUrl(proxyTemplate, pageUrl), { signal });
    if (!response.ok) throw new Error(`The proxy responded with status: ${response.status}`);
    html = contentsOf(await response.json());
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new Error(SCRAPE_FAILED, { cause });
  }
  return parseTrackPage(html, pageUrl);
}
