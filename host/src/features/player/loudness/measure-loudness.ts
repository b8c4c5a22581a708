// Measures a track's loudness once: download its audio (only where its host allows the
// page to read it), decode it, measure it in the loudness worker, remember the answer.
// Anything that goes wrong resolves `null`, and the player plays the track unchanged.
import { trackIdentity } from '@loofi/contracts';
import type { Track } from '@loofi/contracts';
import type { LoudnessStore } from './loudness-store';
import type { LoudnessAnswer, LoudnessRequest } from './loudness.worker';

/**
 * The largest audio file downloaded for measuring: about 4 minutes of CD-quality WAV, or
 * an hour of MP3 at 96 kbit/s. Decoded, a track takes about 21 MB a minute (stereo,
 * 44.1 kHz, 32-bit floats), so the limit bounds the download, not the memory of a long mix.
 */
export const MAX_AUDIO_BYTES = 40 * 1024 * 1024;
/** How long a measurement may go without progress (bytes, a decoded track) before it stops. */
export const STALL_TIMEOUT_MS = 30_000;
/** decodeAudioData resamples to its context's rate: 44.1 kHz is most files' own. */
const DECODE_SAMPLE_RATE = 44100;

/** A track's samples, one array per channel. */
export interface DecodedAudio {
  channels: Float32Array[];
  sampleRate: number;
}

export type AudioDecoder = (bytes: ArrayBuffer) => Promise<DecodedAudio>;
export type FetchAudio = (url: string, init: RequestInit) => Promise<Response>;

/** The part of a Worker the meter uses (a fake in tests). */
export interface LoudnessWorkerPort {
  postMessage(request: LoudnessRequest, transfer: Transferable[]): void;
  addEventListener(
    type: 'message' | 'error' | 'messageerror',
    listener: (event: Event) => void,
  ): void;
  terminate(): void;
}

export interface LoudnessMeterOptions {
  store: LoudnessStore;
  fetchImpl?: FetchAudio;
  /** Defaults to the browser's decoder; `null` where there is none (nothing is measured). */
  decode?: AudioDecoder | null;
  /** Starts the loudness worker; called when a measurement starts after an idle spell. */
  worker?: (() => LoudnessWorkerPort) | null;
  maxBytes?: number;
  stallTimeoutMs?: number;
}

export interface LoudnessRequestOptions {
  /**
   * A track added to the library rather than played: it is measured after every track
   * asked for without this flag.
   */
  background?: boolean;
}

export interface LoudnessMeter {
  /**
   * The track's integrated loudness in LUFS, measured once per track identity and audio;
   * `null` when it cannot be measured (its host allows no CORS, it cannot be decoded, it
   * is silent, too large …). Never rejects.
   */
  loudnessOf(
    track: Pick<Track, 'title' | 'author' | 'audio'>,
    options?: LoudnessRequestOptions,
  ): Promise<number | null>;
  /** Stops measuring: what waits resolves `null`, the worker is ended. */
  dispose(): void;
}

/** A failure that the same URL would meet again this session: no need to download it twice. */
class Unmeasurable extends Error {}

/** The browser's decoder; the decoding itself runs on the browser's own audio thread. */
function browserDecoder(): AudioDecoder | null {
  if (typeof OfflineAudioContext === 'undefined') return null;
  return async (bytes) => {
    // A one-frame offline context: it never renders, and unlike an AudioContext it needs
    // no user gesture.
    const buffer = await new OfflineAudioContext(1, 1, DECODE_SAMPLE_RATE).decodeAudioData(bytes);
    const channels = Array.from({ length: buffer.numberOfChannels }, (_, channel) =>
      buffer.getChannelData(channel),
    );
    return { channels, sampleRate: buffer.sampleRate };
  };
}

function browserWorker(): (() => LoudnessWorkerPort) | null {
  if (typeof Worker === 'undefined') return null;
  // Written out in full so Rspack sees it and bundles the worker as the 'loudness' chunk.
  return () =>
    new Worker(new URL('./loudness.worker.ts', import.meta.url), {
      type: 'module',
      name: 'loudness',
    });
}

const defaultFetch: FetchAudio = (url, init) => fetch(url, init);

function readAnswer(data: unknown): LoudnessAnswer | null {
  if (typeof data !== 'object' || data === null) return null;
  if (!('id' in data) || typeof data.id !== 'number') return null;
  if ('lufs' in data && (data.lufs === null || typeof data.lufs === 'number')) {
    return { id: data.id, lufs: data.lufs };
  }
  if ('error' in data) return { id: data.id, error: String(data.error) };
  return null;
}

/** `promise`, or the abort's reason as soon as `signal` aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

interface Job {
  identity: string;
  audio: string;
  key: string;
  promise: Promise<number | null>;
  resolve: (lufs: number | null) => void;
}

interface PendingAnswer {
  id: number;
  resolve: (lufs: number | null) => void;
  reject: (error: unknown) => void;
}

/**
 * The loudness meter of the player. One track is measured at a time, so adding a hundred
 * tracks to the library queues a hundred measurements instead of starting a hundred
 * downloads; a played track goes ahead of added ones.
 */
export function createLoudnessMeter(options: LoudnessMeterOptions): LoudnessMeter {
  const { store } = options;
  const fetchAudio = options.fetchImpl ?? defaultFetch;
  const decode = options.decode === undefined ? browserDecoder() : options.decode;
  const createWorker = options.worker === undefined ? browserWorker() : options.worker;
  const maxBytes = options.maxBytes ?? MAX_AUDIO_BYTES;
  const stallTimeoutMs = options.stallTimeoutMs ?? STALL_TIMEOUT_MS;

  /** Audio URLs that failed in a way that would repeat: not downloaded again this session. */
  const unmeasurable = new Set<string>();
  /** Waiting or being measured, by identity and audio: asking again joins the same request. */
  const jobs = new Map<string, Job>();
  const waiting: Job[] = [];
  let busy = false;
  let disposed = false;
  let current: AbortController | null = null;
  let worker: LoudnessWorkerPort | null = null;
  let pending: PendingAnswer | null = null;
  let nextRequestId = 1;

  const stopWorker = () => {
    worker?.terminate();
    worker = null;
  };

  const startWorker = (start: () => LoudnessWorkerPort): LoudnessWorkerPort => {
    if (worker) return worker;
    const started = start();
    started.addEventListener('message', (event) => {
      const answer = 'data' in event ? readAnswer(event.data) : null;
      if (!answer || !pending || answer.id !== pending.id) return;
      const { resolve, reject } = pending;
      pending = null;
      if ('error' in answer) reject(new Error(answer.error));
      else resolve(answer.lufs);
    });
    // A worker that failed to load (its chunk offline) or crashed is replaced by a new
    // one for the next track; this one's track is not blamed.
    const fail = () => {
      if (worker === started) stopWorker();
      pending?.reject(new Error('The loudness worker failed.'));
      pending = null;
    };
    started.addEventListener('error', fail);
    started.addEventListener('messageerror', fail);
    worker = started;
    return started;
  };

  const measureInWorker = (
    start: () => LoudnessWorkerPort,
    { channels, sampleRate }: DecodedAudio,
    signal: AbortSignal,
  ) =>
    untilAborted(
      new Promise<number | null>((resolve, reject) => {
        const port = startWorker(start);
        const id = nextRequestId++;
        pending = { id, resolve, reject };
        const request: LoudnessRequest = { id, channels, sampleRate };
        // Moved, not copied: a long track's samples are tens of megabytes.
        const buffers = new Set<ArrayBuffer>();
        for (const channel of channels) {
          if (channel.buffer instanceof ArrayBuffer) buffers.add(channel.buffer);
        }
        try {
          port.postMessage(request, [...buffers]);
        } catch {
          // A browser that keeps decoded audio in memory it cannot hand over copies it.
          port.postMessage(request, []);
        }
      }),
      signal,
    );

  const download = async (url: string, signal: AbortSignal, progress: () => void) => {
    let response: Response;
    try {
      response = await untilAborted(fetchAudio(url, { mode: 'cors', signal }), signal);
    } catch (error) {
      // Rejected: the host allows no CORS (or none to us), or there is no network. Only
      // the first is worth remembering.
      const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
      throw signal.aborted || offline ? error : new Unmeasurable();
    }
    if (!response.ok) throw new Unmeasurable();
    const declared = Number(response.headers.get('Content-Length'));
    if (declared > maxBytes) {
      void response.body?.cancel().catch(() => undefined);
      throw new Unmeasurable();
    }
    if (!response.body) {
      const bytes = await response.arrayBuffer();
      if (bytes.byteLength > maxBytes) throw new Unmeasurable();
      return bytes;
    }
    // Read piece by piece: a host that declares no length is stopped at the limit.
    const reader = response.body.getReader();
    const parts: Uint8Array[] = [];
    let total = 0;
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      total += read.value.byteLength;
      if (total > maxBytes) {
        void reader.cancel().catch(() => undefined);
        throw new Unmeasurable();
      }
      parts.push(read.value);
      progress();
    }
    const bytes = new Uint8Array(total);
    let offset = 0;
    for (const part of parts) {
      bytes.set(part, offset);
      offset += part.byteLength;
    }
    return bytes.buffer;
  };

  const measure = async (
    job: Job,
    decodeAudio: AudioDecoder,
    start: () => LoudnessWorkerPort,
  ): Promise<number | null> => {
    const controller = new AbortController();
    current = controller;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const progress = () => {
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(), stallTimeoutMs);
    };
    progress();
    try {
      const bytes = await download(job.audio, controller.signal, progress);
      progress();
      const decoded = await untilAborted(
        decodeAudio(bytes).catch(() => {
          throw new Unmeasurable();
        }),
        controller.signal,
      );
      progress();
      const lufs = await measureInWorker(start, decoded, controller.signal);
      if (lufs === null) throw new Unmeasurable();
      store.set(job.identity, job.audio, lufs);
      return lufs;
    } catch (error) {
      // Anything else (a stall, a dropped connection, a failed worker) may pass: the track
      // is measured again the next time it is asked for.
      if (error instanceof Unmeasurable) unmeasurable.add(job.audio);
      return null;
    } finally {
      clearTimeout(timer);
      current = null;
    }
  };

  const run = async (decodeAudio: AudioDecoder, start: () => LoudnessWorkerPort) => {
    if (busy) return;
    busy = true;
    for (let job = waiting.shift(); job && !disposed; job = waiting.shift()) {
      const lufs = await measure(job, decodeAudio, start);
      jobs.delete(job.key);
      job.resolve(lufs);
    }
    busy = false;
    // Idle: the worker goes, and with it anything it still holds of the last track.
    stopWorker();
  };

  return {
    loudnessOf(track, { background = false } = {}) {
      try {
        const identity = trackIdentity(track);
        const { audio } = track;
        const stored = store.get(identity, audio);
        if (stored !== undefined) return Promise.resolve(stored);
        if (disposed || !decode || !createWorker || unmeasurable.has(audio)) {
          return Promise.resolve(null);
        }
        const key = JSON.stringify([identity, audio]);
        const known = jobs.get(key);
        if (known) {
          // A track that waits as an addition and is now played moves to the front.
          const at = waiting.indexOf(known);
          if (!background && at > 0) waiting.unshift(...waiting.splice(at, 1));
          return known.promise;
        }
        let resolve: (lufs: number | null) => void = () => undefined;
        const promise = new Promise<number | null>((settle) => (resolve = settle));
        const job: Job = { identity, audio, key, promise, resolve };
        jobs.set(key, job);
        if (background) waiting.push(job);
        else waiting.unshift(job);
        void run(decode, createWorker);
        return promise;
      } catch {
        return Promise.resolve(null);
      }
    },
    dispose() {
      disposed = true;
      current?.abort();
      for (const job of waiting.splice(0)) job.resolve(null);
      jobs.clear();
      pending?.reject(new Error('The loudness meter was disposed.'));
      pending = null;
      stopWorker();
    },
  };
}
