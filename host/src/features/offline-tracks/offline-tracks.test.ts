import { firstValueFrom } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { OfflineState, Track } from '@loofi/contracts';
import { KEPT_TRACKS_CACHE } from './kept-cache';
import { createKeptTracks } from './offline-tracks';
import type { KeptTracks, OfflineTracksEnvironment } from './offline-tracks';

const PAGE = 'https://loofi.example/';
const ALLOWED = 'https://audio.allowed.example';

/** An in-memory Cache API: one cache per name, whose puts can be made to fail. */
class MemoryCaches {
  readonly stores = new Map<string, Map<string, Response>>();
  failPut: ((url: string) => Error | null) | null = null;

  has(name: string) {
    return Promise.resolve(this.stores.has(name));
  }

  delete(name: string) {
    return Promise.resolve(this.stores.delete(name));
  }

  open(name: string) {
    let store = this.stores.get(name);
    if (!store) {
      store = new Map();
      this.stores.set(name, store);
    }
    const entries = store;
    const urlOf = (request: RequestInfo | URL) =>
      typeof request === 'string' ? request : request instanceof URL ? request.href : request.url;
    return Promise.resolve({
      put: async (request: RequestInfo | URL, response: Response) => {
        const url = urlOf(request);
        const failure = this.failPut?.(url);
        if (failure) throw failure;
        const body = await response.arrayBuffer();
        entries.set(url, new Response(body, response));
      },
      match: (request: RequestInfo | URL) => Promise.resolve(entries.get(urlOf(request))?.clone()),
      keys: () => Promise.resolve([...entries.keys()].map((url) => new Request(url))),
      delete: (request: RequestInfo | URL) => Promise.resolve(entries.delete(urlOf(request))),
    });
  }

  urls(name = KEPT_TRACKS_CACHE) {
    return [...(this.stores.get(name)?.keys() ?? [])];
  }
}

interface Served {
  body: string;
  status?: number;
  /** Whether the host sends CORS headers. */
  cors?: boolean;
}

/** The network: files by URL; a URL not listed does not answer. */
function network(files: Record<string, Served>) {
  return vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const file = files[url];
    if (!file) return Promise.reject(new TypeError('Failed to fetch'));
    if (init?.mode === 'cors' && file.cors === false) {
      return Promise.reject(new TypeError('Failed to fetch'));
    }
    return Promise.resolve(
      new Response(file.body, {
        status: file.status ?? 200,
        headers: { 'Content-Type': 'audio/wav' },
      }),
    );
  });
}

function setUp(
  files: Record<string, Served>,
  options: { online?: boolean; createKept?: typeof createKeptTracks } = {},
) {
  const caches = new MemoryCaches();
  const fetch = network(files);
  const persist = vi.fn(() => Promise.resolve(true));
  const announce = vi.fn();
  const listeners: (() => void)[] = [];
  const environment = (): OfflineTracksEnvironment => ({
    caches: caches as unknown as CacheStorage,
    fetch,
    baseUrl: () => PAGE,
    online: () => options.online ?? true,
    persist,
    announce,
    onAnnounced: (listener) => listeners.push(listener),
  });
  // The site's security policy: its own origin and one other host.
  const mayRead = (track: Track) =>
    [new URL(PAGE).origin, ALLOWED].includes(new URL(track.audio, PAGE).origin);
  const create = () =>
    (options.createKept ?? createKeptTracks)({ mayRead, environment: environment() });
  /** What another tab hears when this one announces a change. */
  const announceToOthers = () => listeners.forEach((listener) => listener());
  return { caches, fetch, persist, announce, announceToOthers, create, offline: create() };
}

const track = (title: string, audio: string, image = ''): Track => ({
  title,
  author: 'The Test Tones',
  audio,
  image,
});

const stateOf = (offline: KeptTracks): Promise<OfflineState> => firstValueFrom(offline.state$);

describe('tracks kept offline', () => {
  it('stores the audio and the cover, says so while saving, and counts their bytes', async () => {
    const song = track('Song', '/demo/song.wav', '/demo/song.svg');
    const { offline, caches, persist, announce } = setUp({
      [`${PAGE}demo/song.wav`]: { body: 'x'.repeat(1000) },
      [`${PAGE}demo/song.svg`]: { body: 'y'.repeat(20) },
    });
    await offline.loaded;
    const savingSeen: ReadonlySet<string>[] = [];
    const watching = offline.state$.subscribe((state) => savingSeen.push(state.saving));
    await offline.keep(song);
    watching.unsubscribe();
    expect(savingSeen).toContainEqual(new Set([song.audio]));

    const state = await stateOf(offline);
    expect(state.kept).toEqual(new Map([[song.audio, 1020]]));
    expect(state.saving.size).toBe(0);
    expect(offline.isKept(song)).toBe(true);
    expect(offline.isKept(track('Other', '/demo/other.wav'))).toBe(false);
    expect(caches.urls().sort()).toEqual([`${PAGE}demo/song.svg`, `${PAGE}demo/song.wav`]);
    const stored = await (await caches.open(KEPT_TRACKS_CACHE)).match(`${PAGE}demo/song.wav`);
    expect(stored?.status).toBe(200);
    expect(stored?.headers.get('Content-Type')).toBe('audio/wav');
    expect(persist).toHaveBeenCalledOnce();
    expect(announce).toHaveBeenCalled();
  });

  it('knows after a reload what was kept before', async () => {
    const song = track('Song', `${ALLOWED}/song.mp3`);
    const first = setUp({ [song.audio]: { body: 'abc' } });
    await first.offline.keep(song);

    const again = first.create();
    expect(again.isKept(song)).toBe(false);
    await again.loaded;
    expect(again.isKept(song)).toBe(true);
    expect((await stateOf(again)).kept).toEqual(new Map([[song.audio, 3]]));
  });

  it('sees what another tab kept or removed', async () => {
    const song = track('Song', `${ALLOWED}/song.mp3`);
    const first = setUp({ [song.audio]: { body: 'abc' } });
    const other = first.create();
    await other.loaded;
    await first.offline.keep(song);
    first.announceToOthers();
    await vi.waitFor(() => expect(other.isKept(song)).toBe(true));
    await first.offline.remove(song);
    first.announceToOthers();
    await vi.waitFor(() => expect(other.isKept(song)).toBe(false));
  });

  it('asks the browser to keep the site’s storage once, with the first track', async () => {
    const one = track('One', `${ALLOWED}/1.mp3`);
    const two = track('Two', `${ALLOWED}/2.mp3`);
    const { offline, persist } = setUp({ [one.audio]: { body: '1' }, [two.audio]: { body: '2' } });
    await offline.loaded;
    await offline.keep(one);
    await offline.keep(two);
    expect(persist).toHaveBeenCalledOnce();
  });

  it.each([
    [
      'a host that does not allow it',
      { cors: false },
      '“Song” cannot be kept offline: its host does not allow it.',
    ],
    [
      'a host that answers with an error',
      { status: 404 },
      '“Song” cannot be kept offline: its host answered with an error (404).',
    ],
  ])('refuses %s, and keeps nothing of the track', async (_, served, message) => {
    const song = track('Song', `${ALLOWED}/song.mp3`, `${ALLOWED}/song.jpg`);
    const { offline, caches } = setUp({
      [song.audio]: { body: 'abc', ...served },
      [song.image]: { body: 'cover' },
    });
    await offline.loaded;
    await expect(offline.keep(song)).rejects.toThrow(message);
    expect(caches.urls()).toEqual([]);
    expect(offline.isKept(song)).toBe(false);
    expect(await stateOf(offline)).toEqual({ kept: new Map(), saving: new Set() });
  });

  it('says when the host cannot be reached', async () => {
    const { offline } = setUp({});
    await expect(offline.keep(track('Song', `${ALLOWED}/gone.mp3`))).rejects.toThrow(
      '“Song” cannot be kept offline: its host could not be reached.',
    );
  });

  it('refuses a host the security policy does not allow before asking it anything', async () => {
    const elsewhere = 'https://elsewhere.example/song.mp3';
    const { offline, fetch, caches } = setUp({ [elsewhere]: { body: 'abc', cors: true } });
    await expect(offline.keep(track('Song', elsewhere))).rejects.toThrow(
      '“Song” cannot be kept offline: this site may not download from its host.',
    );
    expect(fetch).not.toHaveBeenCalled();
    expect(caches.urls()).toEqual([]);
  });

  it('says so while offline, without trying', async () => {
    const song = track('Song', `${ALLOWED}/song.mp3`);
    const { offline, fetch } = setUp({ [song.audio]: { body: 'abc' } }, { online: false });
    await expect(offline.keep(song)).rejects.toThrow(
      '“Song” cannot be kept offline while you are offline.',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says why when the code that keeps tracks cannot be fetched: offline, or try again', async () => {
    vi.resetModules();
    vi.doMock('./kept-track-store', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    try {
      const { createKeptTracks: createWithoutStore } = await import('./offline-tracks');
      const song = track('Song', `${ALLOWED}/song.mp3`);
      const keptWhile = (online: boolean) =>
        setUp({}, { online, createKept: createWithoutStore }).offline;
      await expect(keptWhile(false).keep(song)).rejects.toThrow(
        '“Song” cannot be kept offline while you are offline.',
      );
      await expect(keptWhile(true).keep(song)).rejects.toThrow(
        '“Song” could not be kept offline: try again.',
      );
    } finally {
      vi.doUnmock('./kept-track-store');
      vi.resetModules();
    }
  });

  it('keeps nothing when the device has no space left, the cover included', async () => {
    const song = track('Song', `${ALLOWED}/song.mp3`, `${ALLOWED}/song.jpg`);
    const { offline, caches } = setUp({
      [song.audio]: { body: 'abc' },
      [song.image]: { body: 'cover' },
    });
    caches.failPut = (url) =>
      url === song.audio ? new DOMException('full', 'QuotaExceededError') : null;
    await expect(offline.keep(song)).rejects.toThrow(
      '“Song” cannot be kept offline: there is not enough storage space on this device.',
    );
    expect(caches.urls()).toEqual([]);
    expect(offline.isKept(song)).toBe(false);
  });

  it('keeps a track whose cover cannot be downloaded, without its cover', async () => {
    const song = track('Song', `${ALLOWED}/song.mp3`, 'https://images.example/song.jpg');
    const { offline, caches } = setUp({ [song.audio]: { body: 'abc' } });
    await offline.keep(song);
    expect(offline.isKept(song)).toBe(true);
    expect(caches.urls()).toEqual([song.audio]);
  });

  it('removes one track, and its cover once no other kept track shows it', async () => {
    const cover = `${ALLOWED}/album.jpg`;
    const one = track('One', `${ALLOWED}/1.mp3`, cover);
    const two = track('Two', `${ALLOWED}/2.mp3`, cover);
    const { offline, caches } = setUp({
      [one.audio]: { body: '1' },
      [two.audio]: { body: '2' },
      [cover]: { body: 'cover' },
    });
    await offline.keep(one);
    await offline.keep(two);

    await offline.remove(one);
    expect(offline.isKept(one)).toBe(false);
    expect(caches.urls().sort()).toEqual([two.audio, cover].sort());
    await offline.remove(two);
    expect(caches.urls()).toEqual([]);
    expect((await stateOf(offline)).kept.size).toBe(0);
  });

  it('removes every kept track at once', async () => {
    const one = track('One', `${ALLOWED}/1.mp3`);
    const two = track('Two', '/demo/two.wav');
    const { offline, caches } = setUp({
      [one.audio]: { body: '1' },
      [`${PAGE}demo/two.wav`]: { body: '2' },
    });
    await Promise.all([offline.keep(one), offline.keep(two)]);
    expect((await stateOf(offline)).kept.size).toBe(2);
    await offline.removeAll();
    expect(caches.stores.has(KEPT_TRACKS_CACHE)).toBe(false);
    expect(offline.isKept(one) || offline.isKept(two)).toBe(false);
    expect((await stateOf(offline)).kept.size).toBe(0);
  });

  it('keeps a track asked for twice once', async () => {
    const song = track('Song', `${ALLOWED}/song.mp3`);
    const { offline, fetch } = setUp({ [song.audio]: { body: 'abc' } });
    await Promise.all([offline.keep(song), offline.keep(song)]);
    await offline.keep(song);
    expect(fetch).toHaveBeenCalledOnce();
  });
});
