// Integrated loudness per ITU-R BS.1770-4 (the measure EBU R128 builds on). Pure: no DOM,
// so it runs in the loudness worker and in Node tests alike.

/** One second order section, a0 normalised to 1. */
export interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

export interface KWeighting {
  /** Stage 1, a high shelf of about +4 dB modelling the head's acoustic effect. */
  shelf: Biquad;
  /** Stage 2, the RLB high-pass at about 38 Hz. */
  highPass: Biquad;
}

export interface LoudnessOptions {
  /**
   * Count a single channel as heard from two speakers (libebur128's "dual mono"): a mono
   * file plays from both, so it sounds 3 dB louder than the same samples in one channel
   * of a stereo file. Off, the channel is one speaker, as BS.1770 defines it.
   */
  dualMono?: boolean;
}

/** BS.1770's offset that makes a 997 Hz sine read its own level after K-weighting. */
const LOUDNESS_OFFSET = -0.691;
const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;
/** A block is 400 ms; blocks start every 100 ms (75 % overlap). */
const STEPS_PER_BLOCK = 4;
const STEPS_PER_SECOND = 10;

/**
 * The K-weighting filters for any sample rate, from the analogue prototypes through the
 * bilinear transform with pre-warping: the derivation of Brecht De Man ("Evaluation of
 * implementations of the EBU R128 loudness measurement", AES 2018) that libebur128 uses.
 * At 48 kHz it gives BS.1770's table; other rates (44.1 kHz above all) need their own.
 */
export function kWeighting(sampleRate: number): KWeighting {
  const shelfF0 = 1681.974450955533;
  const shelfGainDb = 3.999843853973347;
  const shelfQ = 0.7071752369554196;
  let k = Math.tan((Math.PI * shelfF0) / sampleRate);
  const vh = 10 ** (shelfGainDb / 20);
  const vb = vh ** 0.4996667741545416;
  let a0 = 1 + k / shelfQ + k * k;
  const shelf: Biquad = {
    b0: (vh + (vb * k) / shelfQ + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / shelfQ + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / shelfQ + k * k) / a0,
  };

  const highPassF0 = 38.13547087602444;
  const highPassQ = 0.5003270373238773;
  k = Math.tan((Math.PI * highPassF0) / sampleRate);
  a0 = 1 + k / highPassQ + k * k;
  // The numerator stays BS.1770's (1, −2, 1) rather than the transform's scaled one: the
  // −0.691 dB offset is calibrated against exactly these filters.
  const highPass: Biquad = {
    b0: 1,
    b1: -2,
    b2: 1,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / highPassQ + k * k) / a0,
  };
  return { shelf, highPass };
}

/**
 * Where each 100 ms step starts, in samples: `round(i × rate / 10)`, so rates whose step
 * is not a whole number of samples (11.025 kHz) still tile the signal exactly.
 */
function stepBoundaries(length: number, sampleRate: number): number[] {
  const step = sampleRate / STEPS_PER_SECOND;
  const bounds = [0];
  for (let i = 1; ; i++) {
    const end = Math.round(i * step);
    if (end > length) return bounds;
    bounds.push(end);
  }
}

/**
 * Adds one channel's K-weighted energy per step to `energy`, times its weight. Both
 * filters run in one pass on local variables, without an intermediate array: this loop
 * is the whole cost of a measurement.
 */
function addChannelEnergy(
  samples: Float32Array,
  bounds: readonly number[],
  { shelf, highPass }: KWeighting,
  weight: number,
  energy: Float64Array,
) {
  const { b0, b1, b2, a1, a2 } = shelf;
  const ha1 = highPass.a1;
  const ha2 = highPass.a2;
  // Transposed direct form II: two state variables per stage.
  let s1 = 0;
  let s2 = 0;
  let h1 = 0;
  let h2 = 0;
  for (let step = 0; step < energy.length; step++) {
    const end = bounds[step + 1] ?? 0;
    let sum = 0;
    for (let n = bounds[step] ?? 0; n < end; n++) {
      // A tiny offset keeps the states out of subnormal numbers in digital silence, where
      // x86 arithmetic is a hundred times slower; the high-pass removes it, and it is
      // 500 dB below full scale.
      const x = (samples[n] ?? 0) + 1e-25;
      const y = b0 * x + s1;
      s1 = b1 * x - a1 * y + s2;
      s2 = b2 * x - a2 * y;
      const z = y + h1;
      h1 = -2 * y - ha1 * z + h2;
      h2 = y - ha2 * z;
      sum += z * z;
    }
    energy[step] = (energy[step] ?? 0) + weight * sum;
  }
}

const toLufs = (meanSquare: number) => LOUDNESS_OFFSET + 10 * Math.log10(meanSquare);
const fromLufs = (lufs: number) => 10 ** ((lufs - LOUDNESS_OFFSET) / 10);

/**
 * The integrated (gated) loudness of a signal in LUFS, per ITU-R BS.1770-4: K-weighting,
 * mean square per channel over 400 ms blocks every 100 ms, the absolute gate at −70 LUFS,
 * then the relative gate 10 LU below the loudness of the blocks that passed it.
 *
 * Every channel is weighted 1.0. That is BS.1770's weight for left and right, which is
 * all we play (mono and stereo); surround layouts would need 1.41 on the surround
 * channels and no LFE, which is not applied here.
 *
 * `null` when nothing is left to measure: silence (every block under the absolute gate),
 * a signal shorter than one block, or no channels.
 */
export function integratedLoudness(
  channels: readonly Float32Array[],
  sampleRate: number,
  options: LoudnessOptions = {},
): number | null {
  if (channels.length === 0 || !Number.isFinite(sampleRate) || sampleRate <= 0) return null;
  const length = Math.min(...channels.map((channel) => channel.length));
  const bounds = stepBoundaries(length, sampleRate);
  const steps = bounds.length - 1;
  const blocks = steps - STEPS_PER_BLOCK + 1;
  if (blocks < 1) return null;

  const filters = kWeighting(sampleRate);
  const weight = options.dualMono && channels.length === 1 ? 2 : 1;
  const energy = new Float64Array(steps);
  for (const channel of channels) addChannelEnergy(channel, bounds, filters, weight, energy);

  // Each block's mean square, from the four steps it spans; gates compare mean squares
  // directly, so only the final result needs a logarithm.
  const blockPower = new Float64Array(blocks);
  for (let j = 0; j < blocks; j++) {
    let sum = 0;
    for (let s = j; s < j + STEPS_PER_BLOCK; s++) sum += energy[s] ?? 0;
    blockPower[j] = sum / ((bounds[j + STEPS_PER_BLOCK] ?? 0) - (bounds[j] ?? 0));
  }

  const gatedMean = (threshold: number) => {
    let sum = 0;
    let count = 0;
    for (const power of blockPower) {
      if (power > threshold) {
        sum += power;
        count++;
      }
    }
    return count === 0 ? null : sum / count;
  };

  const absoluteGate = fromLufs(ABSOLUTE_GATE_LUFS);
  const aboveAbsolute = gatedMean(absoluteGate);
  if (aboveAbsolute === null) return null;
  const relativeGate = aboveAbsolute * 10 ** (RELATIVE_GATE_LU / 10);
  // A block must pass both gates, so the higher of the two decides.
  const gated = gatedMean(Math.max(absoluteGate, relativeGate));
  return gated === null ? null : toLufs(gated);
}
