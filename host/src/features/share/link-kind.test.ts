import { describe, expect, it, vi } from 'vitest';
import { linkKind } from './link-kind';

const URL_ = 'https://media.example.org/stream/42';
const answer = (contentType: string, status = 200) =>
  vi.fn<typeof fetch>(
    async () => new Response(null, { status, headers: { 'content-type': contentType } }),
  );

describe('linkKind', () => {
  it('takes a link named like an audio file for audio without asking its host', async () => {
    const fetchImpl = answer('text/html');
    expect(await linkKind(URL_, true, { mayRead: () => true, fetchImpl })).toBe('audio');
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("asks a readable host with a HEAD, and takes an audio content type's link for audio", async () => {
    const fetchImpl = answer('audio/mpeg');
    expect(await linkKind(URL_, false, { mayRead: () => true, fetchImpl })).toBe('audio');
    expect(fetchImpl).toHaveBeenCalledWith(URL_, expect.objectContaining({ method: 'HEAD' }));
    expect(
      await linkKind(URL_, false, { mayRead: () => true, fetchImpl: answer('application/ogg') }),
    ).toBe('audio');
  });

  it.each([
    ['an HTML page', answer('text/html; charset=utf-8')],
    ['a missing file', answer('audio/mpeg', 404)],
    [
      'a host that refuses CORS',
      vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch'))),
    ],
  ])('takes %s for a page', async (_case, fetchImpl) => {
    expect(await linkKind(URL_, false, { mayRead: () => true, fetchImpl })).toBe('page');
  });

  it('gives up on a host that does not answer in time', async () => {
    const fetchImpl = vi.fn<typeof fetch>(
      (_input, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    );
    expect(await linkKind(URL_, false, { mayRead: () => true, fetchImpl, timeoutMs: 20 })).toBe(
      'page',
    );
  });

  it("never asks a host the site's policy does not let the page read", async () => {
    const fetchImpl = answer('audio/mpeg');
    expect(await linkKind(URL_, false, { mayRead: () => false, fetchImpl })).toBe('page');
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
