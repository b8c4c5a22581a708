import { describe, expect, it, vi } from 'vitest';
import {
  MAX_ANSWER_BYTES,
  OFFLINE_DETAIL,
  pageUrlProblem,
  proxiedUrl,
  readCapped,
  scrapeTracks,
  SCRAPE_FAILED,
  UNREACHABLE_DETAIL,
} from './scrape-tracks';
import { ExplainedError } from '../../../lib/messages';

const TEMPLATE = 'https://proxy.example.org/get?url={url}';
const PAGE = 'https://music.example.org/list?genre=lo fi&page=2';
const HTML = `<div class="track-item"><p class="title">Rain</p><p class="artist">Cat</p>
  <audio src="/rain.mp3"></audio></div>`;

function fakeFetch(respond: () => Response | Promise<Response>) {
  const requests: string[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(String(input));
    init?.signal?.throwIfAborted();
    return Promise.resolve(respond());
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('proxiedUrl', () => {
  it('puts the URL-encoded page address in place of {url}', () => {
    expect(proxiedUrl(TEMPLATE, PAGE)).toBe(
      `https://proxy.example.org/get?url=${encodeURIComponent(PAGE)}`,
    );
    expect(proxiedUrl('https://p.example.org/{url}/raw', 'https://a.example/?x=1&y=2')).toBe(
      'https://p.example.org/https%3A%2F%2Fa.example%2F%3Fx%3D1%26y%3D2/raw',
    );
  });
});

describe('pageUrlProblem', () => {
  it('requires an http(s) address', () => {
    expect(pageUrlProblem('  ')).toBe('Enter the address of the page to scrape.');
    expect(pageUrlProblem('example.org')).toMatch(/http\(s\) address/);
    expect(pageUrlProblem('javascript:alert(1)')).toMatch(/http\(s\) address/);
    expect(pageUrlProblem(' https://example.org/list ')).toBeNull();
  });

  it('says an address over the limit is too long, rather than not an address', () => {
    const long = `https://example.org/${'a'.repeat(20_000)}`;
    expect(pageUrlProblem(long)).toBe(
      `This address is too long (${long.length} characters): keep it within 2048.`,
    );
  });
});

describe('scrapeTracks', () => {
  it('asks the proxy for the page and reads the tracks of its contents, relative to the page', async () => {
    const { fetch, requests } = fakeFetch(() =>
      json({ contents: HTML, status: { http_code: 200 } }),
    );
    await expect(scrapeTracks(PAGE, TEMPLATE, { fetch })).resolves.toEqual([
      { title: 'Rain', author: 'Cat', audio: 'https://music.example.org/rain.mp3', image: '' },
    ]);
    expect(requests).toEqual([proxiedUrl(TEMPLATE, PAGE)]);
  });

  it.each([
    ['the proxy fails', () => json({ error: 'boom' }, 500)],
    ['the page itself fails', () => json({ contents: '', status: { http_code: 404 } })],
    ['the answer has no contents', () => json({ status: { http_code: 200 } })],
    ['the answer is not JSON', () => new Response('<html>rate limited</html>', { status: 200 })],
    ['the network is down', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])("throws 'Failed to scrape music data' when %s", async (_case, respond) => {
    const { fetch } = fakeFetch(respond);
    const failure = scrapeTracks(PAGE, TEMPLATE, { fetch });
    await expect(failure).rejects.toThrow(SCRAPE_FAILED);
    await expect(failure).rejects.toHaveProperty('cause');
  });

  it.each([
    [404, 'The page was not found (its site answered 404): check the address.'],
    [410, 'The page was not found (its site answered 410): check the address.'],
    [503, "The page's site answered with status 503."],
  ])('says what the page answered when it answered %i', async (status, detail) => {
    const { fetch } = fakeFetch(() => json({ contents: null, status: { http_code: status } }));
    const failure = scrapeTracks(PAGE, TEMPLATE, { fetch });
    await expect(failure).rejects.toBeInstanceOf(ExplainedError);
    await expect(failure).rejects.toMatchObject({ message: SCRAPE_FAILED, detail });
  });

  it('says the proxy failed, and explains nothing it cannot name', async () => {
    const proxy = scrapeTracks(PAGE, TEMPLATE, { fetch: fakeFetch(() => json({}, 502)).fetch });
    await expect(proxy).rejects.toMatchObject({
      detail: 'The scraping proxy answered with status 502.',
    });
    const garbled = scrapeTracks(PAGE, TEMPLATE, {
      fetch: fakeFetch(() => new Response('<html>')).fetch,
    });
    await expect(garbled).rejects.toThrow(SCRAPE_FAILED);
    await expect(garbled).rejects.not.toBeInstanceOf(ExplainedError);
  });

  it('says when the proxy could not be reached, and when that is for want of a network', async () => {
    const unreachable = () =>
      scrapeTracks(PAGE, TEMPLATE, {
        fetch: fakeFetch(() => Promise.reject(new TypeError('Failed to fetch'))).fetch,
      });
    await expect(unreachable()).rejects.toMatchObject({
      message: SCRAPE_FAILED,
      detail: UNREACHABLE_DETAIL,
    });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await expect(unreachable()).rejects.toMatchObject({ detail: OFFLINE_DETAIL });
    } finally {
      onLine.mockRestore();
    }
  });

  it('tells of each item it leaves out, and why', async () => {
    const html = [
      '<div class="track-item"><p class="title">Rain</p><p class="artist">Cat</p><audio src="/rain.mp3"></audio></div>',
      '<div class="track-item"><p class="title">No audio</p><p class="artist">Cat</p></div>',
      '<div class="track-item"><p class="title">Evil</p><p class="artist">Cat</p><audio src="javascript:alert(1)"></audio></div>',
      `<div class="track-item"><p class="title">${'x'.repeat(201)}</p><p class="artist">Cat</p><audio src="/long.mp3"></audio></div>`,
    ].join('');
    const { fetch } = fakeFetch(() => json({ contents: html, status: { http_code: 200 } }));
    const skipped: string[] = [];
    const tracks = await scrapeTracks(PAGE, TEMPLATE, {
      fetch,
      onSkipped: (reason) => skipped.push(reason),
    });
    expect(tracks.map((track) => track.title)).toEqual(['Rain']);
    expect(skipped).toEqual(['incomplete', 'unplayable', 'tooLong']);
  });

  it('passes a cancellation on as it is', async () => {
    const controller = new AbortController();
    controller.abort();
    const { fetch } = fakeFetch(() => json({ contents: HTML }));
    await expect(
      scrapeTracks(PAGE, TEMPLATE, { fetch, signal: controller.signal }),
    ).rejects.toHaveProperty('name', 'AbortError');
  });

  it('gives up on a proxy that never answers, as a failure, not a cancellation', async () => {
    const fetch = ((_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      })) as typeof globalThis.fetch;
    await expect(scrapeTracks(PAGE, TEMPLATE, { fetch, timeoutMs: 50 })).rejects.toThrow(
      SCRAPE_FAILED,
    );
  });

  it('refuses an answer larger than the cap, by its header or as it streams', async () => {
    const declared = new Response('{}', {
      headers: { 'Content-Length': String(MAX_ANSWER_BYTES + 1) },
    });
    await expect(readCapped(declared, MAX_ANSWER_BYTES)).rejects.toThrow('larger than');

    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    await expect(readCapped(new Response(endless), 1024 * 1024)).rejects.toThrow('larger than');
    expect(pulled).toBeLessThan(40);
    await expect(readCapped(json({ contents: 'ok' }), 1024)).resolves.toBe('{"contents":"ok"}');
  });
});
