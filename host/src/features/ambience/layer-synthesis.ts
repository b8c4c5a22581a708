// The ambience's layers, made in the page from seeded noise, filters and envelopes: no file
// from anywhere, the same sound on every visit. Pure, so Node tests hear what the page plays.
import { integratedLoudness } from '../player/loudness/bs1770';
import { LAYER_LUFS } from './ambience-mix';
import type { LayerId } from './ambience-mix';

/** A layer's loop; long enough that its crackles and gusts do not sound like a pattern. */
export const LOOP_SECONDS = 8;
/** The loop's end runs into its start over this long (see `renderLayer`). */
const CROSSFADE_SECONDS = 3;
/** Made and thrown away first, so the filters have settled when the loop begins. */
const PRE_ROLL_SECONDS = 0.5;
/**
 * Peaks (a crackle, a pop) are rounded off from here up to `CEILING`, sample by sample (which
 * keeps a seamless loop seamless): a layer at its slider's 100 (+6 dB) stays under full
 * scale, and a noise at −24 LUFS is touched only past four times its RMS.
 */
const KNEE = 0.4;
const CEILING = 0.5;

export interface RenderedLayer {
  /** The loop's two channels: the right one is the left one half a loop on (a wide, uncorrelated pair). */
  channels: [Float32Array, Float32Array];
  /**
   * The left channel's sound running on past the loop's end, never looped: what the loop's
   * seam must sound like (only made when asked, for the seam check).
   */
  runOn: Float32Array | null;
  sampleRate: number;
}

type Random = () => number;

/** mulberry32: a small, fast seeded generator, plenty for noise. */
function seeded(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const white = (random: Random) => random() * 2 - 1;

/** A biquad (RBJ's cookbook), transposed direct form II; its coefficients may change as it runs. */
class Biquad {
  private b0 = 1;
  private b1 = 0;
  private b2 = 0;
  private a1 = 0;
  private a2 = 0;
  private z1 = 0;
  private z2 = 0;

  constructor(
    private readonly sampleRate: number,
    kind: FilterKind,
    frequency: number,
    q: number,
  ) {
    this.tune(kind, frequency, q);
  }

  tune(kind: FilterKind, frequency: number, q: number) {
    const w0 = (2 * Math.PI * Math.min(frequency, this.sampleRate * 0.45)) / this.sampleRate;
    const cos = Math.cos(w0);
    const alpha = Math.sin(w0) / (2 * q);
    const a0 = 1 + alpha;
    let b: [number, number, number];
    if (kind === 'lowpass') b = [(1 - cos) / 2, 1 - cos, (1 - cos) / 2];
    else if (kind === 'highpass') b = [(1 + cos) / 2, -(1 + cos), (1 + cos) / 2];
    else b = [alpha, 0, -alpha];
    this.b0 = b[0] / a0;
    this.b1 = b[1] / a0;
    this.b2 = b[2] / a0;
    this.a1 = (-2 * cos) / a0;
    this.a2 = (1 - alpha) / a0;
  }

  process(x: number): number {
    const y = this.b0 * x + this.z1;
    this.z1 = this.b1 * x - this.a1 * y + this.z2;
    this.z2 = this.b2 * x - this.a2 * y;
    return y;
  }
}

type FilterKind = 'lowpass' | 'highpass' | 'bandpass';

/** Noise whose power falls 6 dB an octave (a leaky integrator), flat under `corner` Hz. */
class BrownNoise {
  private value = 0;
  private readonly pole: number;
  private readonly scale: number;

  constructor(
    private readonly random: Random,
    sampleRate: number,
    corner: number,
  ) {
    this.pole = Math.exp((-2 * Math.PI * corner) / sampleRate);
    this.scale = Math.sqrt(1 - this.pole * this.pole);
  }

  next(): number {
    this.value = this.pole * this.value + this.scale * white(this.random);
    return this.value;
  }
}

/**
 * A slow random level between `min` and `max`: a new target every `minSeconds`–`maxSeconds`,
 * approached with a time constant of `smoothing` seconds (gusts, flames, syllables).
 */
class Drift {
  private level: number;
  private target: number;
  private left = 0;
  private readonly coefficient: number;

  constructor(
    private readonly random: Random,
    private readonly sampleRate: number,
    private readonly shape: {
      min: number;
      max: number;
      minSeconds: number;
      maxSeconds: number;
      smoothing: number;
      /** The chance that a new target is silence (a pause between words). */
      rest?: number;
    },
  ) {
    this.coefficient = 1 - Math.exp(-1 / (shape.smoothing * sampleRate));
    this.level = this.target = (shape.min + shape.max) / 2;
  }

  /** Whether a new target was chosen at this sample. */
  changed = false;

  next(): number {
    const { min, max, minSeconds, maxSeconds, rest = 0 } = this.shape;
    this.changed = this.left <= 0;
    if (this.changed) {
      this.left = Math.round(
        (minSeconds + this.random() * (maxSeconds - minSeconds)) * this.sampleRate,
      );
      this.target = this.random() < rest ? 0 : min + this.random() * (max - min);
    }
    this.left--;
    this.level += (this.target - this.level) * this.coefficient;
    return this.level;
  }
}

/** What a layer makes: a bed that runs on (any length) and events laid on a circle of one loop. */
interface LayerSound {
  bed(length: number): Float32Array;
  events(loopLength: number): Float32Array;
}

interface Bursts {
  /** How many a second, on average. */
  perSecond: number;
  /** Loudness of each: `min` + (`max` − `min`) · u^`skew`, so most are small. */
  min: number;
  max: number;
  skew: number;
  /** How long each rings (its decay's time constant), in seconds. */
  decay: [number, number];
  filter: FilterKind;
  /** The filter's frequency range (Hz) and Q. */
  frequency: [number, number];
  q: number;
}

const between = (random: Random, [low, high]: [number, number]) => low + random() * (high - low);

/** Short decaying noise bursts (drops, crackles, ticks), each wrapping round the loop's end. */
function addBursts(target: Float32Array, random: Random, sampleRate: number, bursts: Bursts): void {
  const loop = target.length;
  const count = Math.round((bursts.perSecond * loop) / sampleRate);
  for (let n = 0; n < count; n++) {
    const at = Math.floor(random() * loop);
    const amplitude = bursts.min + (bursts.max - bursts.min) * random() ** bursts.skew;
    const decay = between(random, bursts.decay) * sampleRate;
    const filter = new Biquad(
      sampleRate,
      bursts.filter,
      between(random, bursts.frequency),
      bursts.q,
    );
    const length = Math.ceil(decay * 6);
    for (let k = 0; k < length; k++) {
      const index = (at + k) % loop;
      target[index] =
        (target[index] ?? 0) + filter.process(white(random) * amplitude * Math.exp(-k / decay));
    }
  }
}

function rain(random: Random, rate: number): LayerSound {
  return {
    bed(length) {
      const out = new Float32Array(length);
      const high = new Biquad(rate, 'highpass', 500, 0.7);
      const low = new Biquad(rate, 'lowpass', 7000, 0.7);
      const patter = new Biquad(rate, 'bandpass', 1200, 0.8);
      const patterLevel = new Drift(random, rate, {
        min: 0.2,
        max: 0.6,
        minSeconds: 0.05,
        maxSeconds: 0.2,
        smoothing: 0.02,
      });
      for (let i = 0; i < length; i++) {
        out[i] =
          low.process(high.process(white(random))) +
          patter.process(white(random)) * patterLevel.next();
      }
      return out;
    },
    events(loop) {
      const out = new Float32Array(loop);
      addBursts(out, random, rate, {
        perSecond: 90,
        min: 0.1,
        max: 1.2,
        skew: 3,
        decay: [0.0015, 0.005],
        filter: 'bandpass',
        frequency: [1800, 6000],
        q: 1.5,
      });
      return out;
    },
  };
}

/**
 * A room of voices heard through a wall of chatter: pitched buzzes through two formants that
 * jump at every "syllable" to places no language puts them in a row, so nothing is said and
 * nothing is sung; muffled, as from across the room.
 */
function cafe(random: Random, rate: number): LayerSound {
  const VOICES = 8;
  return {
    bed(length) {
      const out = new Float32Array(length);
      const voices = Array.from({ length: VOICES }, () => {
        const base = 95 + random() * 130;
        return {
          base,
          pitch: base,
          pitchTarget: base,
          phase: random(),
          syllable: new Drift(random, rate, {
            min: 0.35,
            max: 1,
            minSeconds: 0.12,
            maxSeconds: 0.35,
            smoothing: 0.025,
            rest: 0.3,
          }),
          first: new Biquad(rate, 'bandpass', 300 + random() * 500, 4),
          second: new Biquad(rate, 'bandpass', 900 + random() * 1300, 5),
          soften: new Biquad(rate, 'lowpass', 1400, 0.7),
        };
      });
      const room = new Biquad(rate, 'lowpass', 1800, 0.7);
      const tone = new BrownNoise(random, rate, 200);
      const glide = 1 - Math.exp(-1 / (0.06 * rate));
      for (let i = 0; i < length; i++) {
        let sum = 0;
        for (const voice of voices) {
          const level = voice.syllable.next();
          if (voice.syllable.changed) {
            voice.pitchTarget = voice.base * (0.85 + random() * 0.3);
            voice.first.tune('bandpass', 300 + random() * 500, 4);
            voice.second.tune('bandpass', 900 + random() * 1300, 5);
          }
          voice.pitch += (voice.pitchTarget - voice.pitch) * glide;
          voice.phase += voice.pitch / rate;
          if (voice.phase >= 1) voice.phase -= 1;
          const source = voice.soften.process(2 * voice.phase - 1) + 0.3 * white(random);
          sum += (voice.first.process(source) + 0.5 * voice.second.process(source)) * level;
        }
        out[i] = room.process(sum) + 0.15 * tone.next();
      }
      return out;
    },
    events: (loop) => new Float32Array(loop),
  };
}

function fireplace(random: Random, rate: number): LayerSound {
  return {
    bed(length) {
      const out = new Float32Array(length);
      const rumble = new BrownNoise(random, rate, 40);
      const low = new Biquad(rate, 'lowpass', 500, 0.7);
      const high = new Biquad(rate, 'highpass', 30, 0.7);
      const hiss = new Biquad(rate, 'bandpass', 3000, 0.6);
      const breath = new Drift(random, rate, {
        min: 0.6,
        max: 1,
        minSeconds: 0.4,
        maxSeconds: 1.5,
        smoothing: 0.3,
      });
      for (let i = 0; i < length; i++) {
        out[i] =
          high.process(low.process(rumble.next())) * breath.next() +
          0.05 * hiss.process(white(random));
      }
      return out;
    },
    events(loop) {
      const out = new Float32Array(loop);
      addBursts(out, random, rate, {
        perSecond: 10,
        min: 0.05,
        max: 1,
        skew: 4,
        decay: [0.0004, 0.002],
        filter: 'bandpass',
        frequency: [2000, 7000],
        q: 1,
      });
      addBursts(out, random, rate, {
        perSecond: 0.7,
        min: 0.5,
        max: 1,
        skew: 1,
        decay: [0.004, 0.012],
        filter: 'bandpass',
        frequency: [400, 1500],
        q: 1.2,
      });
      return out;
    },
  };
}

function wind(random: Random, rate: number): LayerSound {
  return {
    bed(length) {
      const out = new Float32Array(length);
      const body = new Biquad(rate, 'bandpass', 350, 0.6);
      const whistle = new Biquad(rate, 'bandpass', 800, 3);
      const low = new Biquad(rate, 'lowpass', 120, 0.7);
      const gust = new Drift(random, rate, {
        min: 0.25,
        max: 1,
        minSeconds: 1,
        maxSeconds: 3,
        smoothing: 0.7,
      });
      for (let i = 0; i < length; i++) {
        const level = gust.next();
        out[i] =
          (body.process(white(random)) + 0.5 * low.process(white(random))) * level +
          0.5 * whistle.process(white(random)) * level * level;
      }
      return out;
    },
    events: (loop) => new Float32Array(loop),
  };
}

function vinyl(random: Random, rate: number): LayerSound {
  return {
    bed(length) {
      const out = new Float32Array(length);
      const hiss = new Biquad(rate, 'highpass', 2500, 0.7);
      const rumble = new BrownNoise(random, rate, 20);
      const low = new Biquad(rate, 'lowpass', 80, 0.7);
      const high = new Biquad(rate, 'highpass', 20, 0.7);
      for (let i = 0; i < length; i++) {
        out[i] =
          0.15 * hiss.process(white(random)) + 0.15 * high.process(low.process(rumble.next()));
      }
      return out;
    },
    events(loop) {
      const out = new Float32Array(loop);
      addBursts(out, random, rate, {
        perSecond: 18,
        min: 0.05,
        max: 1,
        skew: 5,
        decay: [0.0001, 0.0004],
        filter: 'highpass',
        frequency: [800, 800],
        q: 0.7,
      });
      addBursts(out, random, rate, {
        perSecond: 1.2,
        min: 0.4,
        max: 0.9,
        skew: 1,
        decay: [0.0006, 0.0015],
        filter: 'bandpass',
        frequency: [900, 1500],
        q: 0.7,
      });
      return out;
    },
  };
}

function brown(random: Random, rate: number): LayerSound {
  return {
    bed(length) {
      const out = new Float32Array(length);
      const noise = new BrownNoise(random, rate, 15);
      // Under 30 Hz it would move speakers more than ears (and weigh nothing in LUFS).
      const high = new Biquad(rate, 'highpass', 30, 0.7);
      for (let i = 0; i < length; i++) out[i] = high.process(noise.next());
      return out;
    },
    events: (loop) => new Float32Array(loop),
  };
}

const SOUNDS: Record<LayerId, { seed: number; make(random: Random, rate: number): LayerSound }> = {
  rain: { seed: 0x7a1, make: rain },
  cafe: { seed: 0xcafe, make: cafe },
  fireplace: { seed: 0xf1e, make: fireplace },
  wind: { seed: 0x3d, make: wind },
  vinyl: { seed: 0x33, make: vinyl },
  brown: { seed: 0xb0, make: brown },
};

/** Rounds off what passes `KNEE`, never past `CEILING`; quieter samples are left alone. */
function limit(samples: Float32Array) {
  const room = CEILING - KNEE;
  for (let i = 0; i < samples.length; i++) {
    const x = samples[i] ?? 0;
    const size = Math.abs(x);
    if (size > KNEE) samples[i] = Math.sign(x) * (KNEE + room * Math.tanh((size - KNEE) / room));
  }
}

function scale(samples: Float32Array, gain: number) {
  for (let i = 0; i < samples.length; i++) samples[i] = (samples[i] ?? 0) * gain;
}

function rotate(samples: Float32Array, by: number): Float32Array {
  const out = new Float32Array(samples.length);
  out.set(samples.subarray(by));
  out.set(samples.subarray(0, by), samples.length - by);
  return out;
}

/**
 * Makes a layer's loop at `sampleRate`. Its bed is made a crossfade longer than the loop,
 * and the loop's first three seconds run from the bed's continuation (past the loop's end)
 * into its own start, equal-power: at the seam the loop goes on exactly as the sound would
 * have, and the level holds through the fade. Events (drops, crackles) are laid on a circle
 * of one loop, so they never meet a seam. The result sits at −24 LUFS (`LAYER_LUFS`).
 */
export function renderLayer(
  layer: LayerId,
  sampleRate: number,
  { runOn: withRunOn = false } = {},
): RenderedLayer {
  const { seed, make } = SOUNDS[layer];
  const sound = make(seeded(seed), sampleRate);
  const loopLength = Math.round(LOOP_SECONDS * sampleRate);
  const fade = Math.round(CROSSFADE_SECONDS * sampleRate);
  const preRoll = Math.round(PRE_ROLL_SECONDS * sampleRate);
  const bed = sound.bed(preRoll + loopLength + fade).subarray(preRoll);
  const events = sound.events(loopLength);

  const loop = new Float32Array(loopLength);
  for (let i = 0; i < loopLength; i++) {
    let value = bed[i] ?? 0;
    if (i < fade) {
      const angle = (Math.PI / 2) * (i / fade);
      value = value * Math.sin(angle) + (bed[loopLength + i] ?? 0) * Math.cos(angle);
    }
    loop[i] = value + (events[i] ?? 0);
  }
  let runOn: Float32Array | null = null;
  if (withRunOn) {
    runOn = new Float32Array(loopLength + fade);
    for (let j = 0; j < runOn.length; j++) runOn[j] = (bed[j] ?? 0) + (events[j % loopLength] ?? 0);
  }

  // Brought to the layers' loudness, peaks rounded off, then brought there again.
  for (let pass = 0; pass < 2; pass++) {
    const lufs = integratedLoudness([loop, rotate(loop, loopLength >> 1)], sampleRate);
    const gain = lufs === null ? 1 : 10 ** ((LAYER_LUFS - lufs) / 20);
    scale(loop, gain);
    limit(loop);
    if (runOn) {
      scale(runOn, gain);
      limit(runOn);
    }
  }
  return { channels: [loop, rotate(loop, loopLength >> 1)], runOn, sampleRate };
}
