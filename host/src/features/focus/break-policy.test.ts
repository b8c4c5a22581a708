import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PREFERENCES, FOCUS_PRESETS } from '@loofi/contracts';
import type { Preferences, Track } from '@loofi/contracts';
import { createMemoryLibrary, createMemoryPreferences } from '@loofi/backend/testing';
import { createPlayerBus } from '@loofi/contracts/player';
import type { PlayerBusController } from '@loofi/contracts/player';
import { PlayerControls } from '../player/player-controls';
import { PlayerEngine } from '../player/player-engine';
import type { AudioLike } from '../player/player-engine';
import { createSleepTimer } from '../player/sleep-timer';
import type { SleepTimer } from '../player/sleep-timer';
import { BREAK_GAIN, breakGain$ } from './break-gain';
import { startFocusTimer } from './start-focus-timer';

const MINUTE = 60_000;
const pomodoro = FOCUS_PRESETS[0]!;
/** The player's volume when none is stored. */
const VOLUME = 0.7;

/** An element that plays at once; its volume is what the owner hears of it. */
class FakeAudio extends EventTarget implements AudioLike {
  src = '';
  currentTime = 0;
  duration = NaN;
  paused = true;
  volume = 1;
  muted = false;
  preload = '';
  play() {
    this.paused = false;
    this.dispatchEvent(new Event('play'));
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  }
  pause() {
    if (this.paused) return;
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  }
}

const track = (name: string): Track => ({
  title: name,
  author: 'Lo',
  audio: `https://x.example/${name}.wav`,
  image: '',
});
const TRACKS = ['one', 'two', 'three'].map(track);

let bus: PlayerBusController;
let engine: PlayerEngine;
let sleepTimer: SleepTimer;
/** Another tab of the browser plays the music. */
let elsewhere: boolean;
let stops: (() => void)[];

/**
 * The page's player (the real engine, on fake elements), its sleep timer, and the focus
 * timer driving it, all on the test's clock.
 */
function setUp(preferences: Partial<Preferences> = {}) {
  bus = createPlayerBus();
  const prefs = createMemoryPreferences({
    ...DEFAULT_PREFERENCES,
    normalize: false,
    focusChime: false,
    ...preferences,
  });
  engine = new PlayerEngine({
    bus,
    createAudio: () => new FakeAudio(),
    library: createMemoryLibrary(TRACKS),
    preferences: prefs,
    storage: localStorage,
    random: () => 0.5,
  });
  const controls = new PlayerControls();
  sleepTimer = createSleepTimer(controls);
  elsewhere = false;
  stops = [engine.start(), controls.attach(engine)];
  stops.push(
    startFocusTimer({
      bus,
      preferences: prefs,
      music: {
        setBreakGain: (gain) => engine.setBreakGain(gain),
        get sleeps() {
          return engine.sleeps;
        },
        get elsewhere() {
          return elsewhere;
        },
      },
    }),
  );
  return prefs;
}

const audio = () => engine.audio as FakeAudio;
const later = (ms: number) => vi.advanceTimersByTime(ms);

/** Plays a track, then starts a 25 / 5 session. */
function playAndFocus() {
  bus.dispatch({ type: 'play', track: TRACKS[0]! });
  bus.dispatch({ type: 'focusStart', plan: pomodoro });
  expect(bus.state.playing).toBe(true);
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 27, 9) });
});
afterEach(() => {
  for (const stop of stops.reverse()) stop();
  sleepTimer.set('off');
  vi.useRealTimers();
});

describe("a focus break, 'Lower the music'", () => {
  it('brings the music down 12 dB over 2 s as the break begins, and back over 2 s after it', () => {
    setUp();
    playAndFocus();
    later(25 * MINUTE);
    expect(bus.state.focus).toMatchObject({ phase: 'break' });
    expect(breakGain$.value).toBeCloseTo(BREAK_GAIN);
    later(1000);
    // Halfway in decibels.
    expect(audio().volume).toBeCloseTo(VOLUME * 10 ** (-6 / 20), 2);
    later(1000);
    expect(audio().volume).toBeCloseTo(VOLUME * BREAK_GAIN, 3);
    expect(bus.state.playing).toBe(true);

    later(5 * MINUTE - 2000);
    expect(bus.state.focus).toMatchObject({ phase: 'focus', block: 2 });
    expect(breakGain$.value).toBe(1);
    later(1000);
    expect(audio().volume).toBeCloseTo(VOLUME * 10 ** (-6 / 20), 2);
    later(1000);
    expect(audio().volume).toBeCloseTo(VOLUME, 3);
  });

  it('keeps the owner’s volume under it, keeps the next track lowered, and lets go when stopped', () => {
    setUp();
    playAndFocus();
    bus.dispatch({ type: 'focusSkip' });
    later(2000);
    bus.dispatch({ type: 'volume', volume: 0.4 });
    expect(audio().volume).toBeCloseTo(0.4 * BREAK_GAIN, 3);
    // A hand-over during the break: the next track starts as low as the last one played.
    bus.dispatch({ type: 'next' });
    expect(bus.state.current).not.toEqual(TRACKS[0]);
    expect(audio().paused).toBe(false);
    expect(audio().volume).toBeCloseTo(0.4 * BREAK_GAIN, 3);

    bus.dispatch({ type: 'focusStop' });
    later(2000);
    expect(audio().volume).toBeCloseTo(0.4, 3);
    expect(breakGain$.value).toBe(1);
  });

  it('follows the setting changed during a break', () => {
    const prefs = setUp();
    playAndFocus();
    bus.dispatch({ type: 'focusSkip' });
    later(2000);
    prefs.set({ duringBreaks: 'keep' });
    later(2000);
    expect(audio().volume).toBeCloseTo(VOLUME, 3);
  });
});

describe('a focus break and the sleep timer', () => {
  it('lets a sleep fade in a break fade to silence; the break’s end never raises it', () => {
    setUp();
    playAndFocus();
    // The sleep timer runs out 5 s before the break ends, its fade taking 10 s.
    later(15 * MINUTE - 5000);
    sleepTimer.set(15);
    later(15 * MINUTE);
    expect(bus.state.focus).toMatchObject({ phase: 'break' });
    expect(audio().volume).toBeCloseTo(VOLUME * BREAK_GAIN, 3);

    const heard: number[] = [];
    for (let step = 0; step < 220; step += 1) {
      later(50);
      if (!audio().paused) heard.push(audio().volume);
    }
    expect(bus.state.focus).toMatchObject({ phase: 'focus', block: 2 });
    expect(bus.state.playing).toBe(false);
    expect(heard.length).toBeGreaterThan(150);
    for (let i = 1; i < heard.length; i += 1) expect(heard[i]).toBeLessThanOrEqual(heard[i - 1]!);
    expect(heard.at(-1)).toBeLessThan(0.02);

    // Asleep, it stays paused through the next phases; played again, it is at full level.
    later(30 * MINUTE);
    expect(bus.state.playing).toBe(false);
    bus.dispatch({ type: 'toggle' });
    expect(audio().volume).toBeCloseTo(VOLUME, 3);
  });

  it('never lets the music rise under a sleep fade, even as a break ends', () => {
    setUp();
    playAndFocus();
    bus.dispatch({ type: 'focusSkip' });
    later(2000);
    bus.dispatch({ type: 'focusSkip' });
    // Focus again, the music rising back; the sleep fade starts on the way up.
    later(1000);
    engine.fadeOutAndPause(10_000);
    const heard: number[] = [];
    for (let step = 0; step < 100; step += 1) {
      later(50);
      heard.push(audio().volume);
    }
    for (let i = 1; i < heard.length; i += 1) expect(heard[i]).toBeLessThanOrEqual(heard[i - 1]!);
  });
});

describe("a focus break, 'Pause the music'", () => {
  it('pauses the music as the break begins and plays it again at the next block', () => {
    setUp({ duringBreaks: 'pause' });
    playAndFocus();
    later(25 * MINUTE);
    expect(bus.state.focus).toMatchObject({ phase: 'break' });
    expect(bus.state.playing).toBe(false);
    expect(audio().paused).toBe(true);
    expect(breakGain$.value).toBe(1);
    later(5 * MINUTE);
    expect(bus.state.focus).toMatchObject({ phase: 'focus', block: 2 });
    expect(bus.state.playing).toBe(true);
    expect(audio().volume).toBeCloseTo(VOLUME, 3);
  });

  it('plays again when the session is stopped in a break', () => {
    setUp({ duringBreaks: 'pause' });
    playAndFocus();
    bus.dispatch({ type: 'focusSkip' });
    expect(bus.state.playing).toBe(false);
    bus.dispatch({ type: 'focusStop' });
    expect(bus.state.playing).toBe(true);
  });

  it('leaves music the owner played and paused again in the break, or never played', () => {
    setUp({ duringBreaks: 'pause' });
    playAndFocus();
    bus.dispatch({ type: 'focusSkip' });
    bus.dispatch({ type: 'toggle' });
    expect(bus.state.playing).toBe(true);
    bus.dispatch({ type: 'toggle' });
    bus.dispatch({ type: 'focusSkip' });
    expect(bus.state.focus).toMatchObject({ phase: 'focus' });
    expect(bus.state.playing).toBe(false);

    // Paused before the break: nothing starts it after.
    bus.dispatch({ type: 'focusSkip' });
    bus.dispatch({ type: 'focusSkip' });
    expect(bus.state.playing).toBe(false);
  });

  it('keeps playing what the owner played in the break', () => {
    setUp({ duringBreaks: 'pause' });
    playAndFocus();
    bus.dispatch({ type: 'focusSkip' });
    bus.dispatch({ type: 'toggle' });
    bus.dispatch({ type: 'focusSkip' });
    expect(bus.state.playing).toBe(true);
  });

  it('leaves the music paused when the sleep timer ran out in the break', () => {
    setUp({ duringBreaks: 'pause' });
    playAndFocus();
    later(14 * MINUTE);
    sleepTimer.set(15);
    later(16 * MINUTE);
    expect(bus.state.focus).toMatchObject({ phase: 'focus', block: 2 });
    expect(bus.state.playing).toBe(false);
  });

  it('leaves the music to the tab that took it over during the break', () => {
    setUp({ duringBreaks: 'pause' });
    playAndFocus();
    bus.dispatch({ type: 'focusSkip' });
    elsewhere = true;
    bus.dispatch({ type: 'focusSkip' });
    expect(bus.state.playing).toBe(false);
  });
});

describe("a focus break, 'Keep playing'", () => {
  it('leaves the music as it was', () => {
    setUp({ duringBreaks: 'keep' });
    playAndFocus();
    later(25 * MINUTE + 2000);
    expect(bus.state.focus).toMatchObject({ phase: 'break' });
    expect(bus.state.playing).toBe(true);
    expect(audio().volume).toBeCloseTo(VOLUME, 3);
    expect(breakGain$.value).toBe(1);
  });
});
