import { describe, expect, it } from 'vitest';
import type { Track } from '@loofi/contracts';
import { createLoudnessStore } from './loudness-store';
import { answerLoudnessRequest } from './loudness.worker';
import type { LoudnessRequest } from './loudness.worker';
import { createLoudnessMeter } from './measure-loudness';
import type {
  AudioDecoder,
  FetchAudio,
  LoudnessMeterOptions,
  LoudnessWorkerPort,
} from './measure-loudness';

const track = (title: string, audio = `https://cdn.example/${title}.mp3`): Track => ({
  title,
  author: 'Kai',
  audio,
  image: '/art/cover.jpg',
});

/**
 * The test's audio "files" are their level in dBFS as text; the fake decoder turns one into
 * a second of a 997 Hz sine at that level in both channels, which measures that many LUFS.
 */
const audioFile = (dbfs: number | 'silence') => new TextEncoder().encode(String(dbfs));

const decodeLevel: AudioDecoder = async (bytes) => {
  const text = new TextDecoder().decode(bytes);
  const sampleRate = 8000;
  const samples = new Float32Array(sampleRate);
  if (text !== 'silence') {
    const amplitude = 10 ** (Number(text) / 20);
    for (let n = 0; n < samples.length; n++) {
      samples[n] = amplitude * Math.sin((2 * Math.PI * 997 * n) / sampleRate);
    }
  }
  return { channels: [samples, samples.slice()], sampleRate };
};

/** A worker in this thread, answering with the real worker's handler. */
class InThreadWorker extends EventTarget implements LoudnessWorkerPort {
  readonly requests: { request: LoudnessRequest; transfer: Transferable[] }[] = [];
  terminated = false;
  constructor(private readonly answers = true) {
    super();
  }
  postMessage(request: LoudnessRequest, transfer: Transferable[]) {
    this.requests.push({ request, transfer });
    if (!this.answers) return;
    setTimeout(() =>
      this.dispatchEvent(new MessageEvent('message', { data: answerLoudnessRequest(request) })),
    );
  }
  terminate() {
    this.terminated = true;
  }
}

/** A server of the test's files: URL → level; any other URL has no CORS. */
function fakeServer(files: Record<string, number | 'silence'>) {
  const requests: { url: string; init: RequestInit }[] = [];
  const fetchImpl: FetchAudio = async (url, init) => {
    requests.push({ url, init });
    const level = files[url];
    if (level === undefined) throw new TypeError('Failed to fetch');
    return new Response(audioFile(level));
  };
  return { fetchImpl, requests };
}

/** A fetch that answers only when the test says so, to watch the queue. */
function manualServer() {
  const requests: { url: string; respond: (dbfs: number) => void }[] = [];
  const fetchImpl: FetchAudio = (url) =>
    new Promise((resolve) => {
      requests.push({ url, respond: (dbfs) => resolve(new Response(audioFile(dbfs))) });
    });
  return { fetchImpl, requests };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 10));

function meterWith(
  options: Partial<LoudnessMeterOptions> & Pick<LoudnessMeterOptions, 'fetchImpl'>,
) {
  const workers: InThreadWorker[] = [];
  const store = options.store ?? createLoudnessStore({ storage: null });
  const meter = createLoudnessMeter({
    store,
    decode: decodeLevel,
    worker: () => {
      const worker = new InThreadWorker();
      workers.push(worker);
      return worker;
    },
    ...options,
  });
  return { meter, store, workers };
}

describe('createLoudnessMeter', () => {
  it('measures a track once, reading its audio with CORS', async () => {
    const rain = track('rain');
    const server = fakeServer({ [rain.audio]: -20 });
    const { meter, store, workers } = meterWith({ fetchImpl: server.fetchImpl });

    const lufs = await meter.loudnessOf(rain);
    expect(lufs).toBeCloseTo(-20, 0);
    expect(server.requests).toEqual([
      { url: rain.audio, init: expect.objectContaining({ mode: 'cors' }) },
    ]);
    // The samples were moved to the worker, not copied.
    const [sent] = workers[0]!.requests;
    expect(sent!.transfer).toHaveLength(2);
    expect(sent!.transfer).toContain(sent!.request.channels[0]!.buffer);

    expect(await meter.loudnessOf(rain)).toBeCloseTo(lufs!, 2);
    expect(server.requests).toHaveLength(1);
    // Another session with the same storage knows it too, by the track's identity.
    const next = createLoudnessMeter({
      store,
      fetchImpl: server.fetchImpl,
      decode: decodeLevel,
      worker: () => new InThreadWorker(),
    });
    expect(await next.loudnessOf({ ...rain, title: '  RAIN ' })).toBeCloseTo(-20, 0);
    expect(server.requests).toHaveLength(1);
  });

  it('measures a mono file as heard, from both speakers', async () => {
    const server = fakeServer({ [track('mono').audio]: -20 });
    const { meter } = meterWith({
      fetchImpl: server.fetchImpl,
      decode: async (bytes) => {
        const { channels, sampleRate } = await decodeLevel(bytes);
        return { channels: channels.slice(0, 1), sampleRate };
      },
    });
    await expect(meter.loudnessOf(track('mono'))).resolves.toBeCloseTo(-20, 0);
  });

  it('plays a track without CORS unchanged, and does not try it again this session', async () => {
    const elsewhere = track('elsewhere', 'https://no-cors.example/song.mp3');
    const server = fakeServer({});
    const { meter } = meterWith({ fetchImpl: server.fetchImpl });
    await expect(meter.loudnessOf(elsewhere)).resolves.toBeNull();
    await expect(meter.loudnessOf(elsewhere)).resolves.toBeNull();
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    ['is missing', () => new Response('gone', { status: 404 })],
    [
      'declares more than the limit',
      () => new Response(audioFile(-20), { headers: { 'Content-Length': '2000' } }),
    ],
    [
      'sends more than the limit',
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new Uint8Array(600));
              controller.enqueue(new Uint8Array(600));
              controller.close();
            },
          }),
        ),
    ],
  ])('gives up on a file that %s, without decoding it', async (_, respond) => {
    let decoded = 0;
    const requests: string[] = [];
    const { meter } = meterWith({
      fetchImpl: async (url) => {
        requests.push(url);
        return respond();
      },
      decode: async (bytes) => {
        decoded++;
        return decodeLevel(bytes);
      },
      maxBytes: 1000,
    });
    await expect(meter.loudnessOf(track('big'))).resolves.toBeNull();
    await expect(meter.loudnessOf(track('big'))).resolves.toBeNull();
    expect(decoded).toBe(0);
    expect(requests).toHaveLength(1);
  });

  it('gives up on audio it cannot decode or that is silent', async () => {
    const server = fakeServer({ [track('noise').audio]: -20, [track('quiet').audio]: 'silence' });
    const { meter } = meterWith({
      fetchImpl: server.fetchImpl,
      decode: async (bytes) => {
        if (new TextDecoder().decode(bytes) === '-20')
          throw new DOMException('bad', 'EncodingError');
        return decodeLevel(bytes);
      },
    });
    await expect(meter.loudnessOf(track('noise'))).resolves.toBeNull();
    await expect(meter.loudnessOf(track('quiet'))).resolves.toBeNull();
    await meter.loudnessOf(track('noise'));
    await meter.loudnessOf(track('quiet'));
    expect(server.requests).toHaveLength(2);
  });

  it('asks once for a track asked for twice at the same time', async () => {
    const server = manualServer();
    const { meter } = meterWith({ fetchImpl: server.fetchImpl });
    const first = meter.loudnessOf(track('rain'));
    const second = meter.loudnessOf(track('rain'));
    await flush();
    expect(server.requests).toHaveLength(1);
    server.requests[0]!.respond(-18);
    const [a, b] = await Promise.all([first, second]);
    expect(a).toBeCloseTo(-18, 0);
    expect(b).toBe(a);
  });

  it('measures one track at a time, a played one before added ones', async () => {
    const server = manualServer();
    const { meter } = meterWith({ fetchImpl: server.fetchImpl });
    const added = ['a', 'b', 'c'].map((name) =>
      meter.loudnessOf(track(name), { background: true }),
    );
    await flush();
    expect(server.requests.map(({ url }) => url)).toEqual([track('a').audio]);

    const played = meter.loudnessOf(track('played'));
    server.requests[0]!.respond(-10);
    await expect(added[0]).resolves.toBeCloseTo(-10, 0);
    await flush();
    expect(server.requests.map(({ url }) => url)).toEqual([
      track('a').audio,
      track('played').audio,
    ]);

    // Played now, 'c' overtakes 'b', which is still waiting.
    const cPlayed = meter.loudnessOf(track('c'));
    server.requests[1]!.respond(-12);
    await expect(played).resolves.toBeCloseTo(-12, 0);
    await flush();
    expect(server.requests[2]!.url).toBe(track('c').audio);
    server.requests[2]!.respond(-14);
    await expect(cPlayed).resolves.toBeCloseTo(-14, 0);
    await expect(added[2]).resolves.toBeCloseTo(-14, 0);
    await flush();
    server.requests[3]!.respond(-16);
    await expect(added[1]).resolves.toBeCloseTo(-16, 0);
  });

  it('ends the worker when nothing is left to measure', async () => {
    const server = fakeServer({ [track('rain').audio]: -20, [track('snow').audio]: -22 });
    const { meter, workers } = meterWith({ fetchImpl: server.fetchImpl });
    await Promise.all([meter.loudnessOf(track('rain')), meter.loudnessOf(track('snow'))]);
    await flush();
    expect(workers).toHaveLength(1);
    expect(workers[0]!.terminated).toBe(true);
  });

  it('tries again later when the worker fails, with a new one', async () => {
    const rain = track('rain');
    const server = fakeServer({ [rain.audio]: -20 });
    const workers: InThreadWorker[] = [];
    const { meter } = meterWith({
      fetchImpl: server.fetchImpl,
      worker: () => {
        const worker = new InThreadWorker(workers.length > 0);
        workers.push(worker);
        if (workers.length === 1) setTimeout(() => worker.dispatchEvent(new Event('error')), 20);
        return worker;
      },
    });
    await expect(meter.loudnessOf(rain)).resolves.toBeNull();
    expect(workers[0]!.terminated).toBe(true);
    await expect(meter.loudnessOf(rain)).resolves.toBeCloseTo(-20, 0);
    expect(workers).toHaveLength(2);
  });

  it('gives up a download that stalls, and tries it again next time', async () => {
    let calls = 0;
    const { meter } = meterWith({
      stallTimeoutMs: 20,
      fetchImpl: (_, init) => {
        calls++;
        if (calls > 1) return Promise.resolve(new Response(audioFile(-20)));
        return new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        );
      },
    });
    await expect(meter.loudnessOf(track('slow'))).resolves.toBeNull();
    await expect(meter.loudnessOf(track('slow'))).resolves.toBeCloseTo(-20, 0);
  });

  it('measures nothing where the browser cannot decode or start a worker', async () => {
    const server = fakeServer({ [track('rain').audio]: -20 });
    // happy-dom has neither OfflineAudioContext nor a worker that runs modules.
    const withoutDecoder = createLoudnessMeter({
      store: createLoudnessStore({ storage: null }),
      fetchImpl: server.fetchImpl,
      worker: () => new InThreadWorker(),
    });
    const withoutWorker = createLoudnessMeter({
      store: createLoudnessStore({ storage: null }),
      fetchImpl: server.fetchImpl,
      decode: decodeLevel,
      worker: null,
    });
    await expect(withoutDecoder.loudnessOf(track('rain'))).resolves.toBeNull();
    await expect(withoutWorker.loudnessOf(track('rain'))).resolves.toBeNull();
    expect(server.requests).toHaveLength(0);
  });

  it('lets what waits go when disposed', async () => {
    const server = manualServer();
    const { meter, workers } = meterWith({ fetchImpl: server.fetchImpl });
    const first = meter.loudnessOf(track('a'));
    const second = meter.loudnessOf(track('b'));
    await flush();
    meter.dispose();
    await expect(first).resolves.toBeNull();
    await expect(second).resolves.toBeNull();
    await expect(meter.loudnessOf(track('c'))).resolves.toBeNull();
    expect(server.requests).toHaveLength(1);
    expect(workers.every((worker) => worker.terminated)).toBe(true);
  });
});
