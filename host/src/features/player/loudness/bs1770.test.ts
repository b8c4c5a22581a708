import { describe, expect, it } from 'vitest';
import { integratedLoudness, kWeighting } from './bs1770';
import { gainToTarget, MAX_GAIN_DB, MIN_GAIN_DB } from './gain-to-target';

/** A sine of `frequency` Hz at `dbfs` peak level, `seconds` long. */
function sine(frequency: number, dbfs: number, seconds: number, sampleRate: number) {
  const amplitude = 10 ** (dbfs / 20);
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  for (let n = 0; n < samples.length; n++) {
    samples[n] = amplitude * Math.sin((2 * Math.PI * frequency * n) / sampleRate);
  }
  return samples;
}

const concat = (...parts: Float32Array[]) => {
  const joined = new Float32Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
};

/** Deterministic white noise in ±`amplitude` (a linear congruential generator). */
function noise(seconds: number, sampleRate: number, seed: number, amplitude = 0.5) {
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  let state = seed >>> 0;
  for (let n = 0; n < samples.length; n++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    samples[n] = (state / 2 ** 32 - 0.5) * 2 * amplitude;
  }
  return samples;
}

describe('kWeighting', () => {
  it('gives the coefficients of BS.1770 at 48 kHz', () => {
    const { shelf, highPass } = kWeighting(48000);
    expect(shelf.b0).toBeCloseTo(1.53512485958697, 8);
    expect(shelf.b1).toBeCloseTo(-2.69169618940638, 8);
    expect(shelf.b2).toBeCloseTo(1.19839281085285, 8);
    expect(shelf.a1).toBeCloseTo(-1.69065929318241, 8);
    expect(shelf.a2).toBeCloseTo(0.73248077421585, 8);
    expect([highPass.b0, highPass.b1, highPass.b2]).toEqual([1, -2, 1]);
    expect(highPass.a1).toBeCloseTo(-1.99004745483398, 8);
    expect(highPass.a2).toBeCloseTo(0.99007225036621, 8);
  });

  it('derives other rates instead of reusing the 48 kHz table', () => {
    expect(kWeighting(44100).shelf.a1).not.toBeCloseTo(kWeighting(48000).shelf.a1, 2);
  });
});

describe('integratedLoudness', () => {
  it.each([48000, 44100])(
    'reads a 0 dBFS 997 Hz sine in one channel as −3.01 LUFS at %i Hz',
    (rate) => {
      const tone = sine(997, 0, 5, rate);
      expect(integratedLoudness([tone], rate)).toBeCloseTo(-3.01, 1);
      expect(Math.abs(integratedLoudness([tone], rate)! + 3.01)).toBeLessThan(0.05);
      // The same tone in the left channel of a stereo signal with a silent right.
      const stereo = integratedLoudness([tone, new Float32Array(tone.length)], rate);
      expect(Math.abs(stereo! + 3.01)).toBeLessThan(0.05);
    },
  );

  it('follows the level: the same sine 10 dB lower reads −13.01 LUFS', () => {
    const result = integratedLoudness([sine(997, -10, 5, 48000)], 48000);
    expect(Math.abs(result! + 13.01)).toBeLessThan(0.05);
  });

  it('adds the channels: the sine in both channels of a stereo signal reads 0.0 LUFS', () => {
    const tone = sine(997, 0, 5, 48000);
    expect(Math.abs(integratedLoudness([tone, tone], 48000)!)).toBeLessThan(0.05);
  });

  it('counts a mono file as heard from both speakers when asked (dual mono)', () => {
    const tone = sine(997, 0, 5, 44100);
    const dualMono = integratedLoudness([tone], 44100, { dualMono: true });
    expect(dualMono).toBeCloseTo(integratedLoudness([tone, tone], 44100)!, 3);
  });

  it('measures EBU Tech 3341 case 1: a 1 kHz sine at −23 dBFS in stereo reads −23.0 LUFS', () => {
    const tone = sine(1000, -23, 20, 48000);
    expect(Math.abs(integratedLoudness([tone, tone], 48000)! + 23)).toBeLessThan(0.1);
  });

  it('ignores silence: a tone followed by as much silence reads as the tone alone', () => {
    const rate = 44100;
    const tone = sine(997, -20, 10, rate);
    const alone = integratedLoudness([tone, tone], rate)!;
    const withSilence = concat(tone, new Float32Array(tone.length));
    const measured = integratedLoudness([withSilence, withSilence], rate)!;
    expect(Math.abs(measured - alone)).toBeLessThan(0.1);
    // Without gating the mean would have halved: 3 dB lower.
    expect(alone).toBeCloseTo(-20, 1);
  });

  it('ignores passages more than 10 LU below the rest (the relative gate)', () => {
    const rate = 48000;
    const loud = sine(997, -20, 10, rate);
    const quiet = sine(997, -40, 10, rate);
    const measured = integratedLoudness([concat(loud, quiet)], rate)!;
    expect(Math.abs(measured - integratedLoudness([loud], rate)!)).toBeLessThan(0.1);
  });

  it('keeps passages within 10 LU of the rest', () => {
    const rate = 48000;
    const measured = integratedLoudness(
      [concat(sine(997, -20, 10, rate), sine(997, -26, 10, rate))],
      rate,
    )!;
    // The mean power of −23.01 and −29.01 LUFS.
    expect(measured).toBeCloseTo(10 * Math.log10((10 ** -2.301 + 10 ** -2.901) / 2), 1);
  });

  it('has nothing to say about silence, too short a signal or no channels', () => {
    expect(integratedLoudness([new Float32Array(48000 * 5)], 48000)).toBeNull();
    expect(integratedLoudness([sine(997, 0, 0.39, 48000)], 48000)).toBeNull();
    expect(integratedLoudness([sine(997, 0, 0.4, 48000)], 48000)).not.toBeNull();
    expect(integratedLoudness([], 48000)).toBeNull();
    expect(integratedLoudness([sine(997, -80, 5, 48000)], 48000)).toBeNull();
  });

  it('measures at a rate whose 100 ms step is not a whole number of samples', () => {
    const rate = 11025;
    const result = integratedLoudness([sine(997, 0, 5, rate)], rate);
    expect(Math.abs(result! + 3.01)).toBeLessThan(0.1);
  });

  it('measures a minute of stereo noise (a long track stays cheap)', () => {
    const rate = 44100;
    const result = integratedLoudness([noise(60, rate, 1), noise(60, rate, 2)], rate);
    expect(result).not.toBeNull();
    expect(result!).toBeGreaterThan(-15);
    expect(result!).toBeLessThan(0);
  });
});

describe('gainToTarget', () => {
  it('brings a track to −14 LUFS', () => {
    expect(gainToTarget(-8)).toBeCloseTo(10 ** (-6 / 20), 6);
    expect(gainToTarget(-20)).toBeCloseTo(10 ** (6 / 20), 6);
    expect(gainToTarget(-14)).toBeCloseTo(1, 9);
    expect(gainToTarget(-20, -23)).toBeCloseTo(10 ** (-3 / 20), 6);
  });

  it('keeps the gain within its range', () => {
    expect(gainToTarget(30)).toBeCloseTo(10 ** (MIN_GAIN_DB / 20), 9);
    expect(gainToTarget(-60)).toBeCloseTo(10 ** (MAX_GAIN_DB / 20), 9);
  });

  it('plays as mastered what is not a measurement', () => {
    expect(gainToTarget(Number.NaN)).toBe(1);
    expect(gainToTarget(Number.NEGATIVE_INFINITY)).toBe(1);
  });
});
