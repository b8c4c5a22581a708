import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fetchRemotesManifest,
  fetchRemotesManifestEarly,
  RemotesManifestError,
  takeRemotesManifest,
} from './remotes-manifest';

const respond =
  (body: unknown, status = 200): typeof fetch =>
  async () =>
    new Response(JSON.stringify(body), { status });

const VALID = {
  home: 'https://home.example.org/mf-manifest.json',
  music: 'https://music.example.org/mf-manifest.json',
  settings: 'http://localhost:3003/mf-manifest.json',
};

describe('fetchRemotesManifest', () => {
  it('reads the manifest URL of each tab', async () => {
    await expect(fetchRemotesManifest(respond(VALID))).resolves.toEqual(VALID);
  });

  it('names the missing or unsafe entries of an invalid file', async () => {
    const invalid = { home: VALID.home, music: 'javascript:alert(1)' };
    await expect(fetchRemotesManifest(respond(invalid))).rejects.toThrow(
      'The list of remotes (/remotes.json) is invalid: music, settings.',
    );
  });

  it('reports an HTTP error and a network failure', async () => {
    await expect(fetchRemotesManifest(respond({}, 404))).rejects.toThrow('answered 404');
    const offline: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(fetchRemotesManifest(offline)).rejects.toBeInstanceOf(RemotesManifestError);
  });
});

describe('fetching remotes.json early', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('hands the early fetch to the first taker only; later takers fetch again', async () => {
    const fetchSpy = vi.fn(respond(VALID));
    vi.stubGlobal('fetch', fetchSpy);
    fetchRemotesManifestEarly();
    fetchRemotesManifestEarly();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    await expect(takeRemotesManifest()).resolves.toEqual(VALID);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    await expect(takeRemotesManifest()).resolves.toEqual(VALID);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });
});
