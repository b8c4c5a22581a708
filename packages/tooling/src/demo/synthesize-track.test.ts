import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TRACKS } from '@loofi/backend/local/demo';
import type { DemoTrack } from '@loofi/backend/local/demo';
import { DEMO_SAMPLE_RATE, synthesizeTrack } from './synthesize-track';
import { WAV_HEADER_BYTES } from './wav';

const SIZE_BUDGET_BYTES = 500_000;

interface DecodedWav {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Samples scaled to [-1, 1). */
  signal: Float64Array;
  bytes: Uint8Array;
}

/** Reads back a WAV file, checking every field of the header on the way. */
function decodeWav(file: Buffer): DecodedWav {
  expect(file.toString('ascii', 0, 4)).toBe('RIFF');
  expect(file.readUInt32LE(4)).toBe(file.length - 8);
  expect(file.toString('ascii', 8, 12)).toBe('WAVE');
  expect(file.toString('ascii', 12, 16)).toBe('fmt ');
  expect(file.readUInt32LE(16)).toBe(16);
  expect(file.readUInt16LE(20)).toBe(1);
  const channels = file.readUInt16LE(22);
  const sampleRate = file.readUInt32LE(24);
  const bitsPerSample = file.readUInt16LE(34);
  const blockAlign = file.readUInt16LE(32);
  expect(blockAlign).toBe((channels * bitsPerSample) / 8);
  expect(file.readUInt32LE(28)).toBe(sampleRate * blockAlign);
  expect(file.toString('ascii', 36, 40)).toBe('data');
  const dataBytes = file.readUInt32LE(40);
  // The data chunk fills the file, plus one pad byte when its size is odd.
  expect(file.length).toBe(WAV_HEADER_BYTES + dataBytes + (dataBytes % 2));

  const bytes = file.subarray(WAV_HEADER_BYTES, WAV_HEADER_BYTES + dataBytes);
  const signal = new Float64Array(dataBytes);
  for (let i = 0; i < dataBytes; i++) signal[i] = (bytes[i]! - 128) / 128;
  return { sampleRate, channels, bitsPerSample, signal, bytes };
}

/** In-place radix-2 FFT; `re.length` must be a power of two. */
function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let length = 2; length <= n; length <<= 1) {
    const angle = (-2 * Math.PI) / length;
    for (let i = 0; i < n; i += length) {
      for (let k = 0; k < length / 2; k++) {
        const wr = Math.cos(angle * k);
        const wi = Math.sin(angle * k);
        const a = i + k;
        const b = a + length / 2;
        const xr = re[b]! * wr - im[b]! * wi;
        const xi = re[b]! * wi + im[b]! * wr;
        re[b] = re[a]! - xr;
        im[b] = im[a]! - xi;
        re[a] = re[a]! + xr;
        im[a] = im[a]! + xi;
      }
    }
  }
}

const WINDOW = 4096;

/** The power spectrum averaged over Hann-windowed frames: power per FFT bin. */
function powerSpectrum(signal: Float64Array): Float64Array {
  const power = new Float64Array(WINDOW / 2);
  for (let start = 0; start + WINDOW <= signal.length; start += WINDOW) {
    const re = new Float64Array(WINDOW);
    const im = new Float64Array(WINDOW);
    for (let i = 0; i < WINDOW; i++) {
      re[i] = signal[start + i]! * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / WINDOW));
    }
    fft(re, im);
    for (let k = 1; k < WINDOW / 2; k++) power[k] = power[k]! + re[k]! ** 2 + im[k]! ** 2;
  }
  return power;
}

function binHz(bin: number, sampleRate: number): number {
  return (bin * sampleRate) / WINDOW;
}

/**
 * The tempo the drums imply, from 60 to 120 BPM: rises in the energy above ~2 kHz (hats and
 * snare) every 10 ms, and the tempo whose beat and its multiples line those rises up best.
 */
function estimateBpm(signal: Float64Array, sampleRate: number): number {
  const hop = sampleRate / 100;
  const frames = Math.floor(signal.length / hop);
  const flux = new Float64Array(frames);
  let low = 0;
  let previous = 0;
  for (let frame = 0; frame < frames; frame++) {
    let energy = 0;
    for (let i = frame * hop; i < (frame + 1) * hop; i++) {
      low += (signal[i]! - low) * 0.5;
      energy += (signal[i]! - low) ** 2;
    }
    const level = Math.sqrt(energy / hop);
    flux[frame] = Math.max(0, level - previous);
    previous = level;
  }
  const correlation = (lag: number) => {
    const whole = Math.floor(lag);
    const fraction = lag - whole;
    let sum = 0;
    for (let frame = 0; frame + whole + 1 < frames; frame++) {
      sum +=
        flux[frame]! *
        (flux[frame + whole]! * (1 - fraction) + flux[frame + whole + 1]! * fraction);
    }
    return sum;
  };
  let best = { bpm: 0, score: -Infinity };
  for (let bpm = 60; bpm <= 120; bpm += 0.5) {
    const lag = 6000 / bpm;
    const score = [1, 2, 3, 4].reduce((sum, beats) => sum + correlation(beats * lag), 0);
    if (score > best.score) best = { bpm, score };
  }
  return best.bpm;
}

const PITCH_CLASSES = 12;

/** The pitch classes (0 is C) with the most energy between 120 Hz and 1 kHz, strongest first. */
function strongestPitchClasses(power: Float64Array, sampleRate: number, count: number): number[] {
  const chroma = new Float64Array(PITCH_CLASSES);
  for (let bin = 1; bin < power.length; bin++) {
    const hz = binHz(bin, sampleRate);
    if (hz < 120 || hz > 1000) continue;
    const midi = Math.round(69 + 12 * Math.log2(hz / 440));
    const pitchClass = ((midi % PITCH_CLASSES) + PITCH_CLASSES) % PITCH_CLASSES;
    chroma[pitchClass] = chroma[pitchClass]! + power[bin]!;
  }
  return [...chroma.keys()].sort((a, b) => chroma[b]! - chroma[a]!).slice(0, count);
}

let files: Map<DemoTrack, Buffer>;

beforeAll(() => {
  files = new Map(DEMO_TRACKS.map((track) => [track, synthesizeTrack(track)]));
});

describe.each(DEMO_TRACKS.map((track) => [track.slug, track] as const))(
  'synthesizeTrack(%s)',
  (_slug, track) => {
    const file = () => files.get(track)!;

    it('writes a valid 8-bit mono PCM WAV file at the demo sample rate', () => {
      const wav = decodeWav(file());
      expect(wav.channels).toBe(1);
      expect(wav.bitsPerSample).toBe(8);
      expect(wav.sampleRate).toBe(DEMO_SAMPLE_RATE);
    });

    it('lasts durationSeconds, between 20 and 30 seconds', () => {
      const { signal, sampleRate } = decodeWav(file());
      expect(signal.length / sampleRate).toBeCloseTo(track.durationSeconds, 3);
      expect(track.durationSeconds).toBeGreaterThanOrEqual(20);
      expect(track.durationSeconds).toBeLessThanOrEqual(30);
    });

    it('stays under the size budget', () => {
      expect(file().length).toBeLessThanOrEqual(SIZE_BUDGET_BYTES);
    });

    it('is clearly audible and never clips', () => {
      const { signal, bytes } = decodeWav(file());
      const rms = Math.sqrt(
        signal.reduce((sum, sample) => sum + sample * sample, 0) / signal.length,
      );
      expect(rms).toBeGreaterThan(0.1);
      const railed = bytes.filter((byte) => byte === 0 || byte === 255).length;
      expect(railed).toBe(0);
      // Normalised to a peak just short of full scale, so it is as loud as it can safely be.
      const peak = bytes.reduce((most, byte) => Math.max(most, Math.abs(byte - 128)), 0);
      expect(peak).toBeGreaterThanOrEqual(110);
    });

    it('starts and ends in silence, so it does not click', () => {
      const { bytes } = decodeWav(file());
      for (const edge of [bytes.subarray(0, 8), bytes.subarray(-8)]) {
        for (const byte of edge) expect(Math.abs(byte - 128)).toBeLessThanOrEqual(2);
      }
    });

    it('keeps its energy below 4 kHz, like a warm lo-fi mix', () => {
      const { signal, sampleRate } = decodeWav(file());
      const power = powerSpectrum(signal);
      let below = 0;
      let total = 0;
      for (let bin = 1; bin < power.length; bin++) {
        total += power[bin]!;
        if (binHz(bin, sampleRate) < 4000) below += power[bin]!;
      }
      expect(below / total).toBeGreaterThan(0.95);
    });

    it('grooves at the tempo of the track', () => {
      const { signal, sampleRate } = decodeWav(file());
      expect(Math.abs(estimateBpm(signal, sampleRate) - track.bpm)).toBeLessThanOrEqual(1);
    });

    it('is in the key of its chords', () => {
      const { signal, sampleRate } = decodeWav(file());
      const played = new Set(
        track.chords.flatMap((chord) => [chord.bass, ...chord.notes]).map((note) => note % 12),
      );
      for (const pitchClass of strongestPitchClasses(powerSpectrum(signal), sampleRate, 4)) {
        expect(played).toContain(pitchClass);
      }
    });
  },
);

describe('synthesizeTrack', () => {
  it('makes the same bytes every time', () => {
    const [track] = DEMO_TRACKS;
    expect(synthesizeTrack(track!).equals(files.get(track!)!)).toBe(true);
  });

  it('makes a different loop for every track', () => {
    const all = [...files.values()].map((file) =>
      file.subarray(WAV_HEADER_BYTES).toString('base64'),
    );
    expect(new Set(all).size).toBe(DEMO_TRACKS.length);
  });

  it('follows the seed', () => {
    const [track] = DEMO_TRACKS;
    const reseeded = synthesizeTrack({ ...track!, seed: track!.seed + 1 });
    expect(reseeded.equals(files.get(track!)!)).toBe(false);
  });
});
