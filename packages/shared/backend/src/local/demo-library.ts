import { plainTrack } from '@loofi/contracts';
import type { Track } from '@loofi/contracts';

/**
 * The demo library the local backend seeds on first run, so a newcomer hears music at once.
 * The build synthesises every asset from these entries (`packages/tooling/src/demo`): this
 * file is the one source of truth for both the list the app stores and what the generator
 * renders, so the two cannot drift apart. Nothing here is downloaded or licensed from anyone.
 */

/** One chord of a progression, as MIDI note numbers (60 is middle C). */
export interface DemoChord {
  /** The bass note, an octave or two under the voicing. */
  bass: number;
  /** The voicing the keys play. */
  notes: readonly number[];
}

/**
 * One bar of a part, sixteen steps of a sixteenth note each: `x` plays, `.` rests. Kept as
 * text so a pattern reads like a drum machine's row of buttons.
 */
export type DemoPattern = string;

export type DemoScene = 'sun' | 'rain' | 'moon' | 'dusk';

/** The colours of a cover, as hex strings. */
export interface DemoPalette {
  skyTop: string;
  skyBottom: string;
  /** The sun or the moon. */
  glow: string;
  farHills: string;
  nearHills: string;
  /** The title and author. */
  ink: string;
}

export interface DemoTrack {
  /** The file name of its assets under `/demo/`, kebab-case. */
  slug: string;
  title: string;
  author: string;
  audio: string;
  image: string;
  /** Exactly `bars` bars at `bpm`, so the loop ends on a bar line. */
  durationSeconds: number;
  bpm: number;
  bars: number;
  /** Seeds every random choice of the synthesis and the cover, so a build is reproducible. */
  seed: number;
  /** One chord per bar, repeated for as long as the track lasts. */
  chords: readonly DemoChord[];
  /** When the keys strike their chord within a bar. */
  keys: DemoPattern;
  kick: DemoPattern;
  snare: DemoPattern;
  hat: DemoPattern;
  /** How late the off-beat eighths land, as a fraction of a sixteenth (0 is straight). */
  swing: number;
  /** How many of the eighth notes carry a melody note, from 0 to 1. */
  melodyDensity: number;
  /** The corner frequency of the master low-pass: lower is warmer and duller. */
  lowPassHz: number;
  scene: DemoScene;
  palette: DemoPalette;
}

export const DEMO_AUTHOR = 'loofi demo band';

const BEATS_PER_BAR = 4;

type DemoTrackSpec = Omit<DemoTrack, 'author' | 'audio' | 'image' | 'durationSeconds'>;

function demoTrack(spec: DemoTrackSpec): DemoTrack {
  return {
    ...spec,
    author: DEMO_AUTHOR,
    audio: `/demo/${spec.slug}.wav`,
    image: `/demo/${spec.slug}.svg`,
    durationSeconds: (spec.bars * BEATS_PER_BAR * 60) / spec.bpm,
  };
}

export const DEMO_TRACKS: readonly DemoTrack[] = [
  demoTrack({
    slug: 'sunday-slow-coffee',
    title: 'Sunday Slow Coffee',
    bpm: 80,
    bars: 8,
    seed: 0x5eed_c0ff,
    // ii–V–I–vi in F major: Gm7, C9, Fmaj7, Dm7.
    chords: [
      { bass: 43, notes: [55, 58, 62, 65] },
      { bass: 36, notes: [52, 55, 58, 62] },
      { bass: 41, notes: [53, 57, 60, 64] },
      { bass: 38, notes: [50, 53, 57, 60] },
    ],
    keys: 'x.........x.....',
    kick: 'x.....x...x.....',
    snare: '....x.......x...',
    hat: 'x.x.x.x.x.x.x.x.',
    swing: 0.35,
    melodyDensity: 0.3,
    lowPassHz: 3600,
    scene: 'sun',
    palette: {
      skyTop: '#f6a96b',
      skyBottom: '#fde3b5',
      glow: '#fff4d6',
      farHills: '#c9826b',
      nearHills: '#6b3a3c',
      ink: '#fff1e0',
    },
  }),
  demoTrack({
    slug: 'rainy-window-study',
    title: 'Rainy Window Study',
    bpm: 72,
    bars: 8,
    seed: 0x7a1d_0b0e,
    // A minor: Am9, Dm9, Fmaj9, E7, a cadence back home every four bars.
    chords: [
      { bass: 45, notes: [55, 59, 60, 64] },
      { bass: 38, notes: [53, 57, 60, 64] },
      { bass: 41, notes: [55, 57, 60, 64] },
      { bass: 40, notes: [52, 56, 59, 62] },
    ],
    keys: 'x.......x.......',
    kick: 'x......x..x.....',
    snare: '....x.......x...',
    hat: 'x.x.x.x.x.x.x.xx',
    swing: 0.25,
    melodyDensity: 0.22,
    lowPassHz: 3200,
    scene: 'rain',
    palette: {
      skyTop: '#2f3e55',
      skyBottom: '#7d93ad',
      glow: '#d7e2ee',
      farHills: '#4b5d75',
      nearHills: '#25324a',
      ink: '#eef3f8',
    },
  }),
  demoTrack({
    slug: 'moonlit-bus-ride',
    title: 'Moonlit Bus Ride',
    bpm: 75,
    bars: 8,
    seed: 0x0b05_7a11,
    // Bb major, drifting down: Ebmaj7, Dm7, Cm7, F7.
    chords: [
      { bass: 39, notes: [51, 55, 58, 62] },
      { bass: 38, notes: [50, 53, 57, 60] },
      { bass: 36, notes: [51, 55, 58, 60] },
      { bass: 41, notes: [51, 53, 57, 60] },
    ],
    keys: 'x.....x.........',
    kick: 'x.......x.x.....',
    snare: '....x.......x...',
    hat: 'x.x.x.x.x.x.x.x.',
    swing: 0.3,
    melodyDensity: 0.26,
    lowPassHz: 3400,
    scene: 'moon',
    palette: {
      skyTop: '#141b3c',
      skyBottom: '#4a3f78',
      glow: '#f3efd2',
      farHills: '#2c2a57',
      nearHills: '#17163a',
      ink: '#f3efd2',
    },
  }),
  demoTrack({
    slug: 'last-light-on-the-hills',
    title: 'Last Light on the Hills',
    bpm: 86,
    bars: 8,
    seed: 0x1a57_11e7,
    // D major: Dmaj7, Bm7, Em9, A9.
    chords: [
      { bass: 38, notes: [50, 54, 57, 61] },
      { bass: 47, notes: [50, 54, 57, 59] },
      { bass: 40, notes: [54, 55, 59, 62] },
      { bass: 45, notes: [55, 59, 61, 64] },
    ],
    keys: 'x.........x.....',
    kick: 'x.....x.x.......',
    snare: '....x.......x...',
    hat: 'x.x.x.x.x.x.x.x.',
    swing: 0.2,
    melodyDensity: 0.34,
    lowPassHz: 4000,
    scene: 'dusk',
    palette: {
      skyTop: '#5b3a70',
      skyBottom: '#f29e7c',
      glow: '#ffd9a0',
      farHills: '#9a5a78',
      nearHills: '#4a2c4f',
      ink: '#fff1e4',
    },
  }),
];

/** The demo library as the local backend stores it: plain tracks, same-origin URLs. */
export function demoTracks(): Track[] {
  return DEMO_TRACKS.map(plainTrack);
}
