import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import type { Track } from '@loofi/contracts';
import { integratedLoudness } from '../host/src/features/player/loudness/bs1770';
import { playbackGain } from '../host/src/features/player/player-engine';
import { replaceLibrary, serveAudio, toneWav } from '../e2e/support/audio-fixtures';
import { freshContext, openProbedPage } from './browser';
import type { Throttling } from './browser';
import type { Cleanup } from './cleanup';
import { measured, notMeasured } from './scenarios';
import type { Outcome } from './scenarios';
import { signIn, waitForFirstTab } from './sign-in';
import { median } from './stats';

/** Issue 26: how long the music stops between two tracks, and how loud tracks play. */
export interface PlaybackFigures {
  /** Median gap from one track's `ended` to the next one's `playing` (negative: overlap). */
  handOver: Outcome<HandOverFigures>;
  handOverThrottled: Outcome<HandOverFigures>;
  loudness: LoudnessFigure[];
}

export interface HandOverFigures {
  medianMs: number;
  worstMs: number;
  count: number;
}

export interface LoudnessFigure {
  name: string;
  /** Integrated loudness as mastered (LUFS); null for silence. */
  lufs: number | null;
  /** What it plays at with 'Normalise volume' on: the measured loudness plus the player's gain. */
  playedLufs: number | null;
}

export interface MediaEvent {
  type: 'play' | 'pause' | 'playing' | 'ended';
  src: string;
  at: number;
}

declare global {
  interface Window {
    __benchMedia?: MediaEvent[];
  }
}

const TRACK_SECONDS = 2;
const WAIT_MS = 180_000;

/** Records when each audio element the page plays is played, paused, starts sounding and ends. */
export function recordMedia() {
  const events: MediaEvent[] = [];
  window.__benchMedia = events;
  const seen = new WeakSet<HTMLMediaElement>();
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    if (!seen.has(this)) {
      seen.add(this);
      for (const type of ['play', 'pause', 'playing', 'ended'] as const) {
        this.addEventListener(type, () =>
          events.push({ type, src: this.currentSrc, at: performance.now() }),
        );
      }
    }
    return play.call(this);
  };
}

/** For each track that played to its end, the start of another track closest to it. */
export function handOverGaps(events: readonly MediaEvent[]): number[] {
  return events
    .filter((event) => event.type === 'ended')
    .flatMap((end) => {
      const starts = events
        .filter((event) => event.type === 'playing' && event.src !== end.src)
        .map((event) => event.at - end.at)
        .filter((gap) => Math.abs(gap) < 5_000)
        .sort((a, b) => Math.abs(a) - Math.abs(b));
      return starts.length > 0 ? [starts[0]!] : [];
    });
}

async function handOvers(page: Page, count: number): Promise<Outcome<HandOverFigures>> {
  await page
    .getByRole('region', { name: 'Player' })
    .getByRole('button', { name: 'Play', exact: true })
    .click();
  await page.waitForFunction(
    (wanted) => (window.__benchMedia ?? []).filter((e) => e.type === 'ended').length >= wanted,
    count + 1,
    { timeout: WAIT_MS, polling: 500 },
  );
  const gaps = handOverGaps(await page.evaluate(() => window.__benchMedia ?? [])).slice(0, count);
  if (gaps.length === 0) return notMeasured('failed: no hand-over was seen');
  return measured({ medianMs: median(gaps) ?? 0, worstMs: Math.max(...gaps), count: gaps.length });
}

/**
 * Plays a library of short generated tones (served from another origin, as tracks are) to
 * the end of each, `count` hand-overs, unthrottled or on a throttled network.
 */
async function measureHandOvers(
  browser: Browser,
  hostUrl: string,
  count: number,
  throttling: Throttling | null,
  cleanup: Cleanup,
): Promise<Outcome<HandOverFigures>> {
  const files: Record<string, Buffer> = {};
  for (let index = 0; index <= count; index += 1) {
    files[`tone-${index}.wav`] = toneWav(TRACK_SECONDS, 220 + index * 20);
  }
  const server = await serveAudio(files);
  cleanup.add('tone server', () => server.close());
  const context = await freshContext(browser, WAIT_MS);
  try {
    await signIn(context, hostUrl);
    await context.addInitScript(() =>
      localStorage.setItem(
        'playback-preferences',
        JSON.stringify({ crossfade: 0, normalize: false }),
      ),
    );
    await context.addInitScript(recordMedia);
    const { page } = await openProbedPage(context, null);
    await page.goto(hostUrl);
    await waitForFirstTab(page);
    const tracks: Track[] = Object.keys(files).map((file) => ({
      title: `Bench tone ${file}`,
      author: 'loofi bench',
      audio: `${server.url}/${file}`,
      image: '',
    }));
    await replaceLibrary(page, tracks);
    await waitForFirstTab(page);
    if (throttling) {
      // The network only: the tracks come over it, the clock is the page's.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: throttling.latencyMs,
        downloadThroughput: (throttling.downloadKbps * 1024) / 8,
        uploadThroughput: (throttling.uploadKbps * 1024) / 8,
      });
    }
    return await handOvers(page, count);
  } catch (error) {
    return notMeasured(`failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await context.close();
    await server.close();
  }
}

/** Reads a PCM WAV file (8 or 16 bits, any channel count) as one array per channel. */
export function decodeWav(file: Buffer): { channels: Float32Array[]; sampleRate: number } {
  if (file.toString('ascii', 0, 4) !== 'RIFF' || file.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('Not a WAV file.');
  }
  let offset = 12;
  let format: { channels: number; sampleRate: number; bits: number } | null = null;
  while (offset + 8 <= file.length) {
    const id = file.toString('ascii', offset, offset + 4);
    const size = file.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      format = {
        channels: file.readUInt16LE(body + 2),
        sampleRate: file.readUInt32LE(body + 4),
        bits: file.readUInt16LE(body + 14),
      };
    } else if (id === 'data' && format) {
      const bytes = format.bits / 8;
      const frames = Math.floor(size / (bytes * format.channels));
      const channels = Array.from({ length: format.channels }, () => new Float32Array(frames));
      for (let frame = 0; frame < frames; frame += 1) {
        for (let channel = 0; channel < format.channels; channel += 1) {
          const at = body + (frame * format.channels + channel) * bytes;
          channels[channel]![frame] =
            format.bits === 8 ? (file[at]! - 128) / 128 : file.readInt16LE(at) / 32768;
        }
      }
      return { channels, sampleRate: format.sampleRate };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('The WAV file has no audio data.');
}

function loudnessOf(name: string, file: Buffer): LoudnessFigure {
  const { channels, sampleRate } = decodeWav(file);
  const lufs = integratedLoudness(channels, sampleRate, { dualMono: channels.length === 1 });
  // A measured track is readable, so the player routes one that must be turned up through
  // Web Audio: the gain applies in full either way.
  const playedLufs = lufs === null ? null : lufs + 20 * Math.log10(playbackGain(lufs, true));
  return { name, lufs, playedLufs };
}

/** A 20-second 440 Hz tone at 44.1 kHz, peaking at `peak` (full scale 1). */
const fixture = (peak: number) => toneWav(20, 440, 44_100, peak);

/** The demo library as built, and two fixtures mastered 10 dB apart. */
async function measureLoudness(hostRoot: string): Promise<LoudnessFigure[]> {
  const demo = path.join(hostRoot, 'demo');
  const names = (await readdir(demo).catch(() => [])).filter((name) => name.endsWith('.wav'));
  const figures = await Promise.all(
    names
      .sort()
      .map(async (name) => loudnessOf(`demo: ${name}`, await readFile(path.join(demo, name)))),
  );
  figures.push(
    loudnessOf('fixture mastered loud', fixture(0.9)),
    loudnessOf('fixture mastered 10 dB quieter', fixture(0.9 * 10 ** (-10 / 20))),
    loudnessOf('fixture mastered 20 dB quieter', fixture(0.9 * 10 ** (-20 / 20))),
  );
  return figures;
}

export async function measurePlayback(
  browser: Browser,
  hostUrl: string,
  hostRoot: string,
  options: {
    quick: boolean;
    throttling: Throttling | null;
    cleanup: Cleanup;
    log(line: string): void;
  },
): Promise<PlaybackFigures> {
  const count = options.quick ? 5 : 20;
  options.log(`  this build: ${count} gapless hand-overs`);
  const handOver = await measureHandOvers(browser, hostUrl, count, null, options.cleanup);
  let handOverThrottled: Outcome<HandOverFigures> = notMeasured('n/a (not in --quick)');
  if (!options.quick && options.throttling) {
    options.log(`  this build: ${count} gapless hand-overs, Slow 4G network`);
    handOverThrottled = await measureHandOvers(
      browser,
      hostUrl,
      count,
      options.throttling,
      options.cleanup,
    );
  }
  return { handOver, handOverThrottled, loudness: await measureLoudness(hostRoot) };
}
