import type { BehaviorSubject } from 'rxjs';
import type { OfflineState, Track } from '@loofi/contracts';
import { KeepError } from './keep-failure';
import type { KeepFailure } from './keep-failure';
import { KEPT_HEADERS, KEPT_TRACKS_CACHE, keptKeyOf } from './kept-cache';
import { offlineStateOf, readKeptEntries } from './kept-entries';
import type { KeptEntry } from './kept-entries';

/** What the kept tracks need of the browser; the page's own by default. */
export interface OfflineTracksEnvironment {
  caches: CacheStorage;
  fetch: typeof fetch;
  /** The page's address: tracks of the library may name their audio by a path. */
  baseUrl(): string;
  online(): boolean;
  /** Asks the browser not to evict the site's storage under pressure. */
  persist(): Promise<unknown>;
  /** Tells the service worker and the page's other tabs that the kept tracks changed. */
  announce(): void;
  /** Calls `listener` when another tab changed them. */
  onAnnounced(listener: () => void): void;
}

interface Download {
  blob: Blob;
  type: string;
}

const isQuotaError = (error: unknown) =>
  error instanceof Error && error.name === 'QuotaExceededError';

const httpUrl = (url: string, base: string) => {
  try {
    return /^https?:$/.test(new URL(url, base).protocol);
  } catch {
    return false;
  }
};

function storedResponse(download: Download, headers: Record<string, string>): Response {
  return new Response(download.blob, {
    status: 200,
    statusText: 'OK',
    headers: {
      'Content-Type': download.type,
      'Content-Length': String(download.blob.size),
      ...headers,
    },
  });
}

/**
 * What stores and forgets kept tracks (its own chunk: the dashboard does not need it until
 * the owner keeps a track, or has kept some). One cache holds each kept track's audio and
 * cover as full 200 responses, fetched with CORS so they are readable and measurable (an
 * opaque response would count ~7 MB against the quota in Chromium and could not be cut
 * into the partial responses seeking needs); the service worker serves them
 * (`service-worker.ts`). Each stored response carries its index entry in its headers, so
 * the cache alone says what is kept, across reloads and tabs. It publishes into the port's
 * state.
 */
export class KeptTrackStore {
  private entries = new Map<string, KeptEntry>();
  /** By the track's `audio`: the keeps under way, and the cover each will store. */
  private readonly saving = new Map<string, { done: Promise<void>; cover: string | null }>();
  /** Bumped by every change made here, so that a read of the cache does not undo it. */
  private version = 0;
  private persistAsked = false;
  private readonly loaded: Promise<void>;

  constructor(
    private readonly state: BehaviorSubject<OfflineState>,
    private readonly mayRead: (track: Track) => boolean,
    private readonly env: OfflineTracksEnvironment,
  ) {
    this.loaded = this.reload();
  }

  async keep(track: Track): Promise<void> {
    await this.loaded;
    const key = this.keyOf(track.audio);
    if (key !== null && this.entries.has(key)) return;
    const pending = this.saving.get(track.audio);
    if (pending) return pending.done;
    const cover = this.coverKeyOf(track);
    const done = this.store(track, key, cover).finally(() => {
      this.saving.delete(track.audio);
      this.publish();
    });
    this.saving.set(track.audio, { done, cover });
    this.publish();
    return done;
  }

  async remove(track: Track): Promise<void> {
    await this.loaded;
    await this.saving.get(track.audio)?.done.catch(() => undefined);
    const key = this.keyOf(track.audio);
    const entry = key === null ? undefined : this.entries.get(key);
    if (key === null || !entry) return;
    try {
      const cache = await this.env.caches.open(KEPT_TRACKS_CACHE);
      await cache.delete(key);
      this.version += 1;
      this.entries.delete(key);
      if (entry.cover !== null && !this.coverInUse(entry.cover)) await cache.delete(entry.cover);
    } catch {
      throw new Error(`The offline copy of “${track.title}” could not be removed.`);
    } finally {
      this.changed();
    }
  }

  async removeAll(): Promise<void> {
    await Promise.allSettled([...this.saving.values()].map((saving) => saving.done));
    try {
      await this.env.caches.delete(KEPT_TRACKS_CACHE);
      this.version += 1;
      this.entries = new Map();
    } catch {
      throw new Error('The tracks kept offline could not be removed.');
    } finally {
      this.changed();
    }
  }

  /** Reads what is kept from the cache (another tab may have changed it). */
  async reload(): Promise<void> {
    for (;;) {
      const version = this.version;
      const entries = await readKeptEntries(this.env.caches).catch(() => null);
      if (version !== this.version) continue;
      if (entries) this.entries = entries;
      this.publish();
      return;
    }
  }

  private async store(track: Track, key: string | null, cover: string | null): Promise<void> {
    if (key === null || !httpUrl(key, this.env.baseUrl()) || !this.mayRead(track)) {
      throw new KeepError(track, { reason: 'not-allowed' });
    }
    if (!this.env.online()) throw new KeepError(track, { reason: 'offline' });
    if (this.entries.size === 0 && !this.persistAsked) {
      this.persistAsked = true;
      this.env.persist().catch(() => undefined);
    }
    const audio = await this.download(track, key);
    // A cover is a picture, not the music: one that cannot be downloaded is left out, and the
    // track is kept without it (it shows no cover offline), as a track without an image.
    const picture = cover === null ? null : await this.download(track, cover).catch(() => null);
    const bytes = audio.blob.size + (picture?.blob.size ?? 0);

    let cache: Cache;
    try {
      cache = await this.env.caches.open(KEPT_TRACKS_CACHE);
    } catch {
      throw new KeepError(track, { reason: 'storage' });
    }
    try {
      // The cover first: the audio entry is what makes the track kept, so it goes last.
      if (picture && cover !== null) {
        await cache.put(cover, storedResponse(picture, { [KEPT_HEADERS.role]: 'cover' }));
      }
      await cache.put(
        key,
        storedResponse(audio, {
          [KEPT_HEADERS.role]: 'audio',
          [KEPT_HEADERS.track]: encodeURIComponent(track.audio),
          [KEPT_HEADERS.bytes]: String(bytes),
          ...(picture && cover !== null ? { [KEPT_HEADERS.cover]: encodeURIComponent(cover) } : {}),
        }),
      );
    } catch (error) {
      // Nothing of the track stays: neither half of it, nor a cover no other track uses.
      await cache.delete(key).catch(() => undefined);
      if (picture && cover !== null && !this.coverInUse(cover, track.audio)) {
        await cache.delete(cover).catch(() => undefined);
      }
      throw new KeepError(track, { reason: isQuotaError(error) ? 'no-space' : 'storage' });
    }
    this.version += 1;
    this.entries.set(key, { track: track.audio, cover: picture ? cover : null, bytes });
    this.changed();
  }

  /** The whole file, readable (CORS), or the reason it cannot be had. */
  private async download(track: Track, url: string): Promise<Download> {
    let response: Response;
    try {
      response = await this.env.fetch(url, { mode: 'cors', credentials: 'same-origin' });
    } catch {
      throw new KeepError(track, await this.whyNoAnswer(url));
    }
    if (response.type === 'opaque' || response.type === 'opaqueredirect') {
      throw new KeepError(track, { reason: 'refused' });
    }
    if (response.status !== 200) {
      throw new KeepError(track, { reason: 'status', status: response.status });
    }
    try {
      const blob = await response.blob();
      return { blob, type: response.headers.get('Content-Type') ?? blob.type };
    } catch {
      throw new KeepError(track, { reason: this.env.online() ? 'unreachable' : 'offline' });
    }
  }

  /**
   * A host that answers without CORS headers and one that does not answer at all fail a
   * CORS request alike. A request the page may not read tells them apart: it succeeds
   * when the host answered (its body is not waited for).
   */
  private async whyNoAnswer(url: string): Promise<KeepFailure> {
    if (!this.env.online()) return { reason: 'offline' };
    const probe = new AbortController();
    try {
      await this.env.fetch(url, { mode: 'no-cors', signal: probe.signal });
      return { reason: 'refused' };
    } catch {
      return { reason: 'unreachable' };
    } finally {
      probe.abort();
    }
  }

  private keyOf(url: string): string | null {
    try {
      return keptKeyOf(url, this.env.baseUrl());
    } catch {
      return null;
    }
  }

  /** Where the track's cover is stored, if it has one the page may download. */
  private coverKeyOf(track: Track): string | null {
    if (!track.image || !httpUrl(track.image, this.env.baseUrl())) return null;
    // The security policy's rule is about hosts: the cover's host is asked as a track's.
    if (!this.mayRead({ ...track, audio: track.image })) return null;
    return this.keyOf(track.image);
  }

  /** Whether another kept track, or one being kept, stores this cover too. */
  private coverInUse(cover: string, except?: string): boolean {
    for (const entry of this.entries.values()) if (entry.cover === cover) return true;
    for (const [audio, saving] of this.saving) {
      if (audio !== except && saving.cover === cover) return true;
    }
    return false;
  }

  private changed() {
    this.publish();
    this.env.announce();
  }

  private publish() {
    this.state.next(offlineStateOf(this.entries, this.saving.keys()));
  }
}
