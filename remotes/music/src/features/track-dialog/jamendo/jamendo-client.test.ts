import { describe, expect, it } from 'vitest';
import {
  DEFAULT_JAMENDO_TAGS,
  fetchJamendoTracks,
  JAMENDO_FAILED,
  JAMENDO_NO_CLIENT_ID,
  jamendoTracksUrl,
  mapJamendoResponse,
  normaliseTags,
} from './jamendo-client';
import type { JamendoQuery } from './jamendo-client';

const CONFIG = { jamendoApiUrl: 'https://api.jamendo.com/v3.0', jamendoClientId: 'abc123' };
const query = (patch: Partial<JamendoQuery> = {}): JamendoQuery => ({
  method: 'popular',
  search: '',
  tags: DEFAULT_JAMENDO_TAGS,
  limit: 20,
  ...patch,
});
const BASE =
  'https://api.jamendo.com/v3.0/tracks/?client_id=abc123&format=json&limit=20&order=popularity_total&include=musicinfo';

describe('jamendoTracksUrl', () => {
  it('asks for popular lo-fi with the fixed tags', () => {
    expect(jamendoTracksUrl(CONFIG, query({ tags: 'ignored' }))).toBe(
      `${BASE}&tags=lofi%2Cchill%2Cambient%2Cinstrumental`,
    );
  });

  it('searches for the query, trimmed', () => {
    expect(jamendoTracksUrl(CONFIG, query({ method: 'search', search: ' rainy night ' }))).toBe(
      `${BASE}&search=rainy+night`,
    );
  });

  it('asks for the Tags box, tidied, with the default when it is empty', () => {
    expect(jamendoTracksUrl(CONFIG, query({ method: 'tags', tags: ' jazz, piano ,,' }))).toBe(
      `${BASE}&tags=jazz%2Cpiano`,
    );
    expect(jamendoTracksUrl(CONFIG, query({ method: 'tags', tags: ' , ' }))).toBe(
      `${BASE}&tags=lofi%2Cchill%2Cambient`,
    );
  });

  it('normalises the number of tracks and the API address', () => {
    const url = new URL(
      jamendoTracksUrl(
        { ...CONFIG, jamendoApiUrl: 'http://127.0.0.1:9/v3.0/' },
        query({ limit: 'lots' }),
      ),
    );
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:9/v3.0/tracks/');
    expect(url.searchParams.get('limit')).toBe('20');
    expect(new URL(jamendoTracksUrl(CONFIG, query({ limit: 99 }))).searchParams.get('limit')).toBe(
      '50',
    );
  });

  it('refuses without a client id, and a search without a query', () => {
    expect(() => jamendoTracksUrl({ jamendoApiUrl: CONFIG.jamendoApiUrl }, query())).toThrow(
      JAMENDO_NO_CLIENT_ID,
    );
    expect(() => jamendoTracksUrl(CONFIG, query({ method: 'search', search: '  ' }))).toThrow();
  });
});

describe('normaliseTags', () => {
  it('trims each tag and drops empty ones', () => {
    expect(normaliseTags('lofi , chill,')).toBe('lofi,chill');
    expect(normaliseTags('')).toBe(DEFAULT_JAMENDO_TAGS);
  });
});

describe('mapJamendoResponse', () => {
  it('maps name, artist_name, audio and image', () => {
    expect(
      mapJamendoResponse({
        headers: { status: 'success' },
        results: [
          {
            name: 'Night Walk',
            artist_name: 'Moon',
            audio: 'https://prod-1.storage.jamendo.com/?trackid=1',
            audiodownload: 'https://prod-1.storage.jamendo.com/download/1',
            image: 'https://usercontent.jamendo.com/1.jpg',
            album_image: 'https://usercontent.jamendo.com/album.jpg',
          },
        ],
      }),
    ).toEqual([
      {
        title: 'Night Walk',
        author: 'Moon',
        audio: 'https://prod-1.storage.jamendo.com/?trackid=1',
        image: 'https://usercontent.jamendo.com/1.jpg',
      },
    ]);
  });

  it('takes a usable audiodownload and album_image over an unusable audio and image', () => {
    expect(
      mapJamendoResponse({
        results: [
          {
            name: 'Rain',
            artist_name: 'Cloud',
            audio: 'javascript:alert(1)',
            audiodownload: 'https://example.org/rain.mp3',
            image: 'http://insecure.example.org/rain.jpg',
            album_image: 'https://example.org/album.jpg',
          },
        ],
      }),
    ).toEqual([
      {
        title: 'Rain',
        author: 'Cloud',
        audio: 'https://example.org/rain.mp3',
        image: 'https://example.org/album.jpg',
      },
    ]);
  });

  it("falls back to audiodownload, album_image, 'Unknown Title' and 'Unknown Artist'", () => {
    expect(
      mapJamendoResponse({
        results: [
          {
            name: '',
            audio: '',
            audiodownload: 'https://example.org/2.mp3',
            album_image: 'https://example.org/album.jpg',
          },
        ],
      }),
    ).toEqual([
      {
        title: 'Unknown Title',
        author: 'Unknown Artist',
        audio: 'https://example.org/2.mp3',
        image: 'https://example.org/album.jpg',
      },
    ]);
  });

  it('leaves out results without a usable audio address, and drops unsafe images', () => {
    expect(
      mapJamendoResponse({
        results: [
          { name: 'No audio' },
          { name: 'Script', audio: 'javascript:alert(1)' },
          null,
          'nonsense',
          { name: 'Kept', audio: 'https://example.org/k.mp3', image: 'data:image/png;base64,AA' },
        ],
      }),
    ).toEqual([
      { title: 'Kept', author: 'Unknown Artist', audio: 'https://example.org/k.mp3', image: '' },
    ]);
  });

  it('fails on an answer without results or with a failed header', () => {
    expect(() => mapJamendoResponse(null)).toThrow(JAMENDO_FAILED);
    expect(() => mapJamendoResponse({ results: 'x' })).toThrow(JAMENDO_FAILED);
    expect(() =>
      mapJamendoResponse({ headers: { status: 'failed', error_message: 'bad id' }, results: [] }),
    ).toThrow(JAMENDO_FAILED);
  });
});

describe('fetchJamendoTracks', () => {
  const fakeFetch = (respond: () => Promise<Response>) => {
    const requests: string[] = [];
    const fetch = (input: RequestInfo | URL) => {
      requests.push(String(input));
      return respond();
    };
    return { fetch: fetch as typeof globalThis.fetch, requests };
  };

  it('fetches the request URL and maps the answer', async () => {
    const { fetch, requests } = fakeFetch(async () =>
      Response.json({ results: [{ name: 'A', artist_name: 'B', audio: 'https://e.org/a.mp3' }] }),
    );
    await expect(fetchJamendoTracks(CONFIG, query(), { fetch })).resolves.toHaveLength(1);
    expect(requests).toEqual([jamendoTracksUrl(CONFIG, query())]);
  });

  it("says 'Jamendo API responded with status: {status}' on an HTTP error", async () => {
    const { fetch } = fakeFetch(async () => new Response('nope', { status: 500 }));
    await expect(fetchJamendoTracks(CONFIG, query(), { fetch })).rejects.toThrow(
      'Jamendo API responded with status: 500',
    );
  });

  it("says 'Failed to fetch music from Jamendo API' when the network or the answer fails", async () => {
    const down = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(fetchJamendoTracks(CONFIG, query(), down)).rejects.toThrow(JAMENDO_FAILED);
    const garbled = fakeFetch(async () => new Response('<html>', { status: 200 }));
    await expect(fetchJamendoTracks(CONFIG, query(), garbled)).rejects.toThrow(JAMENDO_FAILED);
  });

  it('asks nothing without a client id', async () => {
    const { fetch, requests } = fakeFetch(async () => Response.json({ results: [] }));
    await expect(
      fetchJamendoTracks({ jamendoApiUrl: CONFIG.jamendoApiUrl }, query(), { fetch }),
    ).rejects.toThrow(JAMENDO_NO_CLIENT_ID);
    expect(requests).toEqual([]);
  });

  it('gives up on an API that never answers, as a failure, not a cancellation', async () => {
    const silent = ((_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      })) as typeof globalThis.fetch;
    await expect(
      fetchJamendoTracks(CONFIG, query(), { fetch: silent, timeoutMs: 50 }),
    ).rejects.toThrow(JAMENDO_FAILED);
  });
});
