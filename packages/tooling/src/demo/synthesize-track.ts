import type { DemoChord, DemoPattern, DemoTrack } from '@loofi/backend/local/demo';
import { streamOf } from '@loofi/ui/random';
import type { Random } from '@loofi/ui/random';
import { encodeWav8 } from './wav';

/**
 * 16 kHz leaves room for hi-hats up to 8 kHz while 8-bit mono keeps a 27-second loop
 * under 430 KB; everything above the track's low-pass is rolled off anyway.
 */
export const DEMO_SAMPLE_RATE = 16_000;

const STEPS_PER_BAR = 16;
/** Peak level after normalising: a little headroom keeps dither and rounding off the rails. */
const PEAK = 0.9;
const FADE_IN_SECONDS = 0.03;
const FADE_OUT_SECONDS = 2.5;
const DRUMS_LOW_PASS_HZ = 6000;

/** Each part draws from its own random stream (see `streamOf`). */
const PART = { keys: 1, bass: 2, melody: 3, drums: 4, vinyl: 5, wow: 6, dither: 7 } as const;

/**
 * Every oscillator reads this table instead of calling `Math.sin`: the whole demo library is
 * synthesised in every production build, and a lookup is several times cheaper.
 */
const TABLE_SIZE = 4096;
const SINE = new Float64Array(TABLE_SIZE + 1);
for (let i = 0; i <= TABLE_SIZE; i++) SINE[i] = Math.sin((2 * Math.PI * i) / TABLE_SIZE);

/** sin(2π·phase) for a phase in cycles, 0 ≤ phase < 1. */
function sine(phase: number): number {
  const x = phase * TABLE_SIZE;
  const i = x | 0;
  const low = SINE[i]!;
  return low + (SINE[i + 1]! - low) * (x - i);
}

function midiToHz(note: number): number {
  return 440 * 2 ** ((note - 69) / 12);
}

/** The steps of a pattern that play. */
function hits(pattern: DemoPattern): number[] {
  const steps: number[] = [];
  for (let step = 0; step < STEPS_PER_BAR; step++) if (pattern[step] === 'x') steps.push(step);
  return steps;
}

/** Per-sample decay factor of an exponential envelope with time constant `tau` seconds. */
function decayPerSample(tau: number): number {
  return Math.exp(-1 / (tau * DEMO_SAMPLE_RATE));
}

interface Timeline {
  samples: number;
  stepSeconds: number;
  /** When a step of a bar sounds, swing included, in seconds. */
  timeOf(bar: number, step: number): number;
}

function timelineOf(track: DemoTrack): Timeline {
  const stepSeconds = 60 / track.bpm / 4;
  return {
    samples: Math.round(track.durationSeconds * DEMO_SAMPLE_RATE),
    stepSeconds,
    timeOf(bar, step) {
      // Swing pushes the off-beat eighths late, and the sixteenths between by half as much.
      const late = step % 4 === 2 ? track.swing : step % 2 === 1 ? track.swing / 2 : 0;
      return (bar * STEPS_PER_BAR + step + late) * stepSeconds;
    },
  };
}

/**
 * Tape wow and flutter: a slow drift and a faint fast wobble of pitch that every tonal
 * part shares, like a whole cassette running unevenly.
 */
function renderWow(samples: number, random: Random): Float64Array {
  const wow = new Float64Array(samples);
  const slow = 0.45 / DEMO_SAMPLE_RATE;
  const fast = 5.7 / DEMO_SAMPLE_RATE;
  let slowPhase = random();
  let fastPhase = random();
  for (let i = 0; i < samples; i++) {
    wow[i] = 1 + 0.0022 * sine(slowPhase) + 0.0006 * sine(fastPhase);
    slowPhase += slow;
    if (slowPhase >= 1) slowPhase -= 1;
    fastPhase += fast;
    if (fastPhase >= 1) fastPhase -= 1;
  }
  return wow;
}

interface Note {
  start: number;
  /** How long the note is held before its release, in seconds. */
  hold: number;
  hz: number;
  gain: number;
}

interface Voice {
  attack: number;
  release: number;
  /** The level the body decays towards while held, 0 to 1. */
  sustain: number;
  /** Time constant of the body's decay, in seconds. */
  decay: number;
  /**
   * Level and time constant of the bright upper partials (the octave, and the twelfth at half
   * its level): the "tine" of an electric piano, loud on the strike and soon gone.
   */
  tine: number;
  tineDecay: number;
  /** The level those partials settle at, so a held chord does not thin out to a bare sine. */
  overtones: number;
  /** Level of a second oscillator slightly sharp, for the slow beating of a detuned chorus. */
  chorus: number;
}

const CHORUS_DETUNE = 2 ** (5 / 1200);

/** Adds one note to `out`: a sine with a decaying octave partial and a detuned twin. */
function renderNote(
  out: Float64Array,
  wow: Float64Array,
  note: Note,
  voice: Voice,
  random: Random,
): void {
  const first = Math.max(0, Math.round(note.start * DEMO_SAMPLE_RATE));
  const held = Math.round(note.hold * DEMO_SAMPLE_RATE);
  const releaseSamples = Math.max(1, Math.round(voice.release * DEMO_SAMPLE_RATE));
  const end = Math.min(out.length, first + held + releaseSamples);
  const attackStep = 1 / Math.max(1, Math.round(voice.attack * DEMO_SAMPLE_RATE));
  const releaseStep = 1 / releaseSamples;
  const bodyFactor = decayPerSample(voice.decay);
  const tineFactor = decayPerSample(voice.tineDecay);
  const increment = note.hz / DEMO_SAMPLE_RATE;
  // Random starting phases keep the voices of a chord from all peaking at once.
  let phase = random();
  let twinPhase = random();
  let attack = 0;
  let release = 1;
  let body = 1;
  let tine = voice.tine;

  for (let i = first; i < end; i++) {
    const step = increment * wow[i]!;
    phase += step;
    if (phase >= 1) phase -= 1;
    twinPhase += step * CHORUS_DETUNE;
    if (twinPhase >= 1) twinPhase -= 1;
    let octave = phase * 2;
    if (octave >= 1) octave -= 1;
    let twelfth = phase * 3;
    twelfth -= twelfth | 0;

    if (attack < 1) attack = Math.min(1, attack + attackStep);
    if (i - first >= held) release = Math.max(0, release - releaseStep);
    const level = attack * release * (voice.sustain + (1 - voice.sustain) * body) * note.gain;
    out[i]! +=
      level *
      (sine(phase) +
        (voice.overtones + tine) * (sine(octave) + 0.5 * sine(twelfth)) +
        voice.chorus * sine(twinPhase));
    body *= bodyFactor;
    tine *= tineFactor;
  }
}

const KEYS: Voice = {
  attack: 0.025,
  release: 0.35,
  sustain: 0.35,
  decay: 1.1,
  tine: 0.6,
  tineDecay: 0.3,
  overtones: 0.25,
  chorus: 0.6,
};

const BASS: Voice = {
  attack: 0.008,
  release: 0.09,
  sustain: 0.45,
  decay: 0.7,
  // Steady upper partials let a laptop speaker, which cannot play 50 Hz, still imply the bass.
  tine: 0,
  tineDecay: 1,
  overtones: 0.35,
  chorus: 0,
};

const MELODY: Voice = {
  attack: 0.03,
  release: 0.2,
  sustain: 0.2,
  decay: 0.5,
  tine: 0.3,
  tineDecay: 0.2,
  overtones: 0.2,
  chorus: 0.3,
};

function chordAt(track: DemoTrack, bar: number): DemoChord {
  return track.chords[bar % track.chords.length]!;
}

/** For each hit of a pattern in a bar: when it sounds and how long until the next one. */
function strikes(
  timeline: Timeline,
  track: DemoTrack,
  pattern: DemoPattern,
): { bar: number; start: number; hold: number }[] {
  const steps = hits(pattern);
  const starts: { bar: number; start: number }[] = [];
  for (let bar = 0; bar < track.bars; bar++) {
    for (const step of steps) starts.push({ bar, start: timeline.timeOf(bar, step) });
  }
  const end = track.bars * STEPS_PER_BAR * timeline.stepSeconds;
  return starts.map((strike, index) => ({
    ...strike,
    hold: (starts[index + 1]?.start ?? end) - strike.start,
  }));
}

function renderKeys(
  out: Float64Array,
  wow: Float64Array,
  track: DemoTrack,
  timeline: Timeline,
): void {
  const random = streamOf(track.seed, PART.keys);
  for (const [index, strike] of strikes(timeline, track, track.keys).entries()) {
    const chord = chordAt(track, strike.bar);
    // The downbeat lands harder than the re-strikes inside the bar.
    const accent = index % hits(track.keys).length === 0 ? 1 : 0.7;
    chord.notes.forEach((note, voiceIndex) => {
      // A rolled chord: each note a few milliseconds after the one below, like a real hand.
      const roll = voiceIndex * 0.012 + random() * 0.006;
      renderNote(
        out,
        wow,
        {
          start: strike.start + roll,
          hold: strike.hold - roll,
          hz: midiToHz(note),
          gain: 0.12 * accent * (0.85 + 0.3 * random()),
        },
        KEYS,
        random,
      );
    });
  }
}

function renderBass(
  out: Float64Array,
  wow: Float64Array,
  track: DemoTrack,
  timeline: Timeline,
): void {
  const random = streamOf(track.seed, PART.bass);
  // The bass follows the kick, as in most lo-fi beats, and holds until the next one.
  for (const strike of strikes(timeline, track, track.kick)) {
    renderNote(
      out,
      wow,
      {
        start: strike.start,
        hold: Math.max(0.05, strike.hold - 0.06),
        hz: midiToHz(chordAt(track, strike.bar).bass),
        gain: 0.2,
      },
      BASS,
      random,
    );
  }
}

/**
 * A sparse tune of chord tones an octave above the keys: only chord tones, so it can never
 * clash, and each note prefers to stay close to the last, so it moves like a melody.
 */
function renderMelody(
  out: Float64Array,
  wow: Float64Array,
  track: DemoTrack,
  timeline: Timeline,
): void {
  const random = streamOf(track.seed, PART.melody);
  let previous = chordAt(track, 0).notes[0]! + 12;
  // The first two bars are an intro of keys and drums only.
  for (let bar = 2; bar < track.bars; bar++) {
    const tones = chordAt(track, bar).notes.map((note) => note + 12);
    for (let step = 0; step < STEPS_PER_BAR; step += 2) {
      if (random() >= track.melodyDensity) continue;
      const weights = tones.map((tone) => 1 / (1 + Math.abs(tone - previous)));
      let pick = random() * weights.reduce((sum, weight) => sum + weight, 0);
      let tone = tones[0]!;
      for (const [index, weight] of weights.entries()) {
        pick -= weight;
        if (pick < 0) {
          tone = tones[index]!;
          break;
        }
      }
      previous = tone;
      const length = 2 + Math.floor(random() * 3);
      renderNote(
        out,
        wow,
        {
          start: timeline.timeOf(bar, step),
          hold: length * timeline.stepSeconds,
          hz: midiToHz(tone),
          gain: 0.17 * (0.8 + 0.4 * random()),
        },
        MELODY,
        random,
      );
    }
  }
}

function renderKick(out: Float64Array, start: number, gain: number, random: Random): void {
  const first = Math.round(start * DEMO_SAMPLE_RATE);
  const end = Math.min(out.length, first + Math.round(0.4 * DEMO_SAMPLE_RATE));
  const click = Math.round(0.004 * DEMO_SAMPLE_RATE);
  const sweepFactor = decayPerSample(0.03);
  const ampFactor = decayPerSample(0.12);
  let sweep = 85;
  let amp = gain;
  let phase = 0;
  for (let i = first; i < end; i++) {
    // The pitch falls from ~130 Hz to 45 Hz: the thump of a soft, round kick. The few
    // milliseconds of noise on top are the beater, what makes it audible on small speakers.
    phase += (45 + sweep) / DEMO_SAMPLE_RATE;
    if (phase >= 1) phase -= 1;
    const beater = i - first < click ? 0.25 * (random() * 2 - 1) : 0;
    out[i]! += amp * (sine(phase) + beater);
    sweep *= sweepFactor;
    amp *= ampFactor;
  }
}

function renderSnare(out: Float64Array, start: number, gain: number, random: Random): void {
  const first = Math.round(start * DEMO_SAMPLE_RATE);
  const end = Math.min(out.length, first + Math.round(0.35 * DEMO_SAMPLE_RATE));
  const noiseFactor = decayPerSample(0.085);
  const toneFactor = decayPerSample(0.035);
  let noiseAmp = gain;
  let toneAmp = gain * 0.5;
  let phase = 0;
  let low = 0;
  for (let i = first; i < end; i++) {
    const white = random() * 2 - 1;
    // Noise less its lowest octaves: the rattle of the wires without a boomy body.
    low += (white - low) * 0.08;
    phase += 190 / DEMO_SAMPLE_RATE;
    if (phase >= 1) phase -= 1;
    out[i]! += noiseAmp * 0.6 * (white - low) + toneAmp * sine(phase);
    noiseAmp *= noiseFactor;
    toneAmp *= toneFactor;
  }
}

function renderHat(out: Float64Array, start: number, gain: number, random: Random): void {
  const first = Math.round(start * DEMO_SAMPLE_RATE);
  const end = Math.min(out.length, first + Math.round(0.15 * DEMO_SAMPLE_RATE));
  const ampFactor = decayPerSample(0.03);
  let amp = gain;
  let low = 0;
  for (let i = first; i < end; i++) {
    const white = random() * 2 - 1;
    // High-passed at about 2 kHz: a closed hat is all hiss and no body.
    low += (white - low) * 0.55;
    out[i]! += amp * (white - low);
    amp *= ampFactor;
  }
}

/** The drums, and the ducking they cause in the music (see `duck`). */
function renderDrums(
  out: Float64Array,
  duck: Float64Array,
  track: DemoTrack,
  timeline: Timeline,
): void {
  const random = streamOf(track.seed, PART.drums);
  // Humanised: each hit a few milliseconds off the grid, each a little louder or softer.
  const nudge = () => (random() - 0.5) * 0.008;
  for (let bar = 0; bar < track.bars; bar++) {
    for (const step of hits(track.kick)) {
      const start = timeline.timeOf(bar, step) + Math.abs(nudge());
      renderKick(out, start, 0.6 * (0.9 + 0.1 * random()), random);
      duckUnder(duck, start);
    }
    for (const step of hits(track.snare)) {
      renderSnare(out, timeline.timeOf(bar, step) + nudge(), 0.8 + 0.15 * random(), random);
    }
    for (const step of hits(track.hat)) {
      // Off-beat hats softer than on-beat ones: the lilt of a swung groove.
      const accent = step % 4 === 0 ? 1 : 0.65;
      const gain = 0.45 * accent * (0.7 + 0.3 * random());
      renderHat(out, timeline.timeOf(bar, step) + nudge(), gain, random);
    }
  }
}

/**
 * Side-chain pumping: the music dips by a third under each kick and swells back, the
 * breathing that makes a lo-fi loop feel like it is being played through a compressor.
 */
function duckUnder(duck: Float64Array, start: number): void {
  const first = Math.max(0, Math.round(start * DEMO_SAMPLE_RATE));
  const end = Math.min(duck.length, first + Math.round(0.5 * DEMO_SAMPLE_RATE));
  const attack = 0.006 * DEMO_SAMPLE_RATE;
  const recover = decayPerSample(0.14);
  let depth = 0.35;
  for (let i = first; i < end; i++) {
    const dip = depth * Math.min(1, (i - first + 1) / attack);
    duck[i] = Math.min(duck[i]!, 1 - dip);
    depth *= recover;
  }
}

/** Vinyl surface: a faint hiss, sparse crackle and the odd louder pop. */
function renderVinyl(out: Float64Array, track: DemoTrack): void {
  const random = streamOf(track.seed, PART.vinyl);
  const crackleChance = 9 / DEMO_SAMPLE_RATE;
  const popChance = 0.35 / DEMO_SAMPLE_RATE;
  let hiss = 0;
  let click = 0;
  for (let i = 0; i < out.length; i++) {
    hiss += (random() * 2 - 1 - hiss) * 0.12;
    const chance = random();
    if (chance < popChance) click = (random() < 0.5 ? -1 : 1) * (0.06 + 0.06 * random());
    else if (chance < crackleChance) click = (random() < 0.5 ? -1 : 1) * 0.05 * random() ** 2;
    out[i]! += 0.012 * hiss + click;
    // Each click rings for a millisecond or so, flipping sign: a tick, not a thud.
    click *= -0.55;
  }
}

/**
 * A small Schroeder reverb (three damped combs into an all-pass): the keys sound as if in a
 * room, not inside the speaker. Delays are prime so their echoes never line up.
 */
function addRoom(signal: Float64Array, wet: number): void {
  const combs = [557, 617, 691].map((length) => ({
    line: new Float64Array(length),
    index: 0,
    damped: 0,
  }));
  const allPass = new Float64Array(223);
  let allPassIndex = 0;
  for (let i = 0; i < signal.length; i++) {
    const dry = signal[i]!;
    let sum = 0;
    for (const comb of combs) {
      const delayed = comb.line[comb.index]!;
      comb.damped += (delayed - comb.damped) * 0.45;
      comb.line[comb.index] = dry + comb.damped * 0.72;
      comb.index = comb.index + 1 === comb.line.length ? 0 : comb.index + 1;
      sum += delayed;
    }
    const buffered = allPass[allPassIndex]!;
    const input = sum / combs.length;
    allPass[allPassIndex] = input + buffered * 0.5;
    allPassIndex = allPassIndex + 1 === allPass.length ? 0 : allPassIndex + 1;
    signal[i] = dry + wet * (buffered - input * 0.5);
  }
}

/** Two-pole low-pass (RBJ biquad, Q = 1/√2): the rolled-off top of old tape and vinyl. */
function lowPass(signal: Float64Array, cutoffHz: number): void {
  const w = (2 * Math.PI * cutoffHz) / DEMO_SAMPLE_RATE;
  const alpha = Math.sin(w) / Math.SQRT2;
  const cos = Math.cos(w);
  const a0 = 1 + alpha;
  const b0 = (1 - cos) / 2 / a0;
  const b1 = (1 - cos) / a0;
  const a1 = (-2 * cos) / a0;
  const a2 = (1 - alpha) / a0;
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let i = 0; i < signal.length; i++) {
    const x = signal[i]!;
    const y = b0 * x + b1 * x1 + b0 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    signal[i] = y;
  }
}

/** One-pole high-pass: takes out DC and sub-sonic rumble, so no headroom goes on them. */
function highPass(signal: Float64Array, cutoffHz: number): void {
  const pole = Math.exp((-2 * Math.PI * cutoffHz) / DEMO_SAMPLE_RATE);
  let previousIn = 0;
  let previousOut = 0;
  for (let i = 0; i < signal.length; i++) {
    const x = signal[i]!;
    previousOut = pole * (previousOut + x - previousIn);
    previousIn = x;
    signal[i] = previousOut;
  }
}

function peakOf(signal: Float64Array): number {
  let peak = 0;
  for (let i = 0; i < signal.length; i++) peak = Math.max(peak, Math.abs(signal[i]!));
  return peak;
}

/**
 * Gentle tape saturation: rounds the kick's peaks so the loop can sit louder without
 * clipping, and adds a little of the harmonic warmth of overdriven tape.
 */
function saturate(signal: Float64Array): void {
  const drive = 1.6;
  const scale = drive / peakOf(signal);
  const norm = 1 / Math.tanh(drive);
  for (let i = 0; i < signal.length; i++) signal[i] = Math.tanh(signal[i]! * scale) * norm;
}

/** Raised-cosine fades, so the file starts and ends without a click. */
function fade(signal: Float64Array): void {
  const fadeIn = Math.round(FADE_IN_SECONDS * DEMO_SAMPLE_RATE);
  const fadeOut = Math.round(FADE_OUT_SECONDS * DEMO_SAMPLE_RATE);
  for (let i = 0; i < fadeIn; i++) signal[i]! *= 0.5 - 0.5 * Math.cos((Math.PI * i) / fadeIn);
  for (let i = 0; i < fadeOut; i++) {
    signal[signal.length - 1 - i]! *= 0.5 - 0.5 * Math.cos((Math.PI * i) / fadeOut);
  }
}

function normalise(signal: Float64Array, peak: number): void {
  const scale = peak / peakOf(signal);
  for (let i = 0; i < signal.length; i++) signal[i]! *= scale;
}

/** The track as a mono signal in [-PEAK, PEAK] at `DEMO_SAMPLE_RATE`. */
function renderTrack(track: DemoTrack): Float64Array {
  const timeline = timelineOf(track);
  const { samples } = timeline;
  const wow = renderWow(samples, streamOf(track.seed, PART.wow));

  // The tonal parts go through the track's warm low-pass; the drums and the crackle keep
  // more of their top, or the hats would vanish and the beat lose its tick.
  const music = new Float64Array(samples);
  renderKeys(music, wow, track, timeline);
  renderMelody(music, wow, track, timeline);
  addRoom(music, 0.35);
  renderBass(music, wow, track, timeline);
  lowPass(music, track.lowPassHz);

  const mix = new Float64Array(samples);
  const duck = new Float64Array(samples).fill(1);
  renderDrums(mix, duck, track, timeline);
  renderVinyl(mix, track);
  lowPass(mix, DRUMS_LOW_PASS_HZ);

  for (let i = 0; i < samples; i++) mix[i]! += music[i]! * duck[i]!;
  highPass(mix, 28);
  saturate(mix);
  fade(mix);
  normalise(mix, PEAK);
  return mix;
}

/** The track as an 8-bit mono WAV file, the same bytes on every run. */
export function synthesizeTrack(track: DemoTrack): Buffer {
  return encodeWav8(renderTrack(track), DEMO_SAMPLE_RATE, streamOf(track.seed, PART.dither));
}
