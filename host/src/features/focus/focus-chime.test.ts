import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, FOCUS_PRESETS } from '@loofi/contracts';
import { createMemoryPreferences } from '@loofi/backend/testing';
import { createPlayerBus } from '@loofi/contracts/player';
import { integratedLoudness } from '../player/loudness/bs1770';
import { TARGET_LUFS } from '../player/loudness/gain-to-target';
import { chimeSamples, startFocusChime } from './focus-chime';
import { createFocusSessions } from './focus-session';
import { fakeClock } from './fake-clock';

const MINUTE = 60_000;
const pomodoro = FOCUS_PRESETS[0]!;

/** Web Locks as one browser grants them: one holder at a time, in the order asked. */
function fakeLocks(): LockManager {
  let queue = Promise.resolve();
  return {
    request: ((_name: string, callback: () => unknown) => {
      const granted = queue.then(() => callback());
      queue = granted.then(
        () => undefined,
        () => undefined,
      );
      return granted;
    }) as LockManager['request'],
    query: () => Promise.resolve({}),
  };
}

function setUp(options: { clock?: ReturnType<typeof fakeClock>; locks?: LockManager } = {}) {
  const clock = options.clock ?? fakeClock();
  const bus = createPlayerBus();
  bus.setState({ volume: 0.6, muted: false });
  const preferences = createMemoryPreferences(DEFAULT_PREFERENCES);
  const sessions = createFocusSessions(localStorage, clock);
  const chimes: number[] = [];
  const stop = startFocusChime({
    bus,
    sessions,
    preferences,
    clock,
    play: (volume) => chimes.push(volume),
    locks: options.locks,
  });
  return { clock, bus, preferences, sessions, chimes, stop };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => localStorage.clear());

describe('the chime', () => {
  const sampleRate = 48_000;
  const samples = chimeSamples(sampleRate);

  it('starts and ends at silence, with no jump between samples a click would make', () => {
    expect(Math.abs(samples[0]!)).toBeLessThan(1e-3);
    expect(Math.abs(samples.at(-1)!)).toBeLessThan(1e-3);
    let largest = 0;
    for (let i = 1; i < samples.length; i += 1) {
      largest = Math.max(largest, Math.abs(samples[i]! - samples[i - 1]!));
    }
    // A sine of the highest partial at the peak moves at most this much per sample.
    expect(largest).toBeLessThan((2 * Math.PI * 659.25 * 3 * 0.1) / sampleRate + 1e-3);
  });

  it('is soft: well under the music, as the player’s loudness meter hears it', () => {
    const lufs = integratedLoudness([samples], sampleRate, { dualMono: true })!;
    expect(lufs).toBeLessThan(TARGET_LUFS - 12);
    expect(lufs).toBeGreaterThan(TARGET_LUFS - 30);
  });
});

describe('startFocusChime', () => {
  it('chimes once as each phase begins, at the owner’s volume', async () => {
    const { clock, sessions, chimes } = setUp();
    sessions.start(pomodoro);
    await settle();
    expect(chimes).toEqual([]);
    clock.advance(25 * MINUTE);
    await settle();
    expect(chimes).toEqual([0.6]);
    clock.advance(5 * MINUTE);
    await settle();
    expect(chimes).toEqual([0.6, 0.6]);
    sessions.skip();
    await settle();
    expect(chimes).toHaveLength(3);
  });

  it('is silent when turned off, and while the player is muted', async () => {
    const { clock, bus, preferences, sessions, chimes } = setUp();
    preferences.set({ focusChime: false });
    sessions.start(pomodoro);
    clock.advance(25 * MINUTE);
    preferences.set({ focusChime: true });
    bus.setState({ muted: true });
    clock.advance(5 * MINUTE);
    await settle();
    expect(chimes).toEqual([]);
  });

  it('sounds no late chime after a sleep, only the next one on time', async () => {
    const { clock, sessions, chimes } = setUp();
    sessions.start(pomodoro);
    // The lid closed for half an hour, through the end of the block and into the break.
    clock.jump(27 * MINUTE);
    await settle();
    expect(sessions.session).toMatchObject({ phase: 'break' });
    expect(chimes).toEqual([]);
    clock.advance(3 * MINUTE);
    await settle();
    expect(sessions.session).toMatchObject({ phase: 'focus', block: 2 });
    expect(chimes).toHaveLength(1);
  });

  it('chimes for a phase a hidden page finds a little late', async () => {
    const { clock, sessions, chimes } = setUp();
    sessions.start(pomodoro);
    clock.advance(24 * MINUTE);
    clock.jump(MINUTE + 40_000);
    await settle();
    expect(chimes).toHaveLength(1);
  });

  it('chimes in one tab only, when every tab sees the deadline pass', async () => {
    const locks = fakeLocks();
    const clock = fakeClock();
    const first = setUp({ clock, locks });
    first.sessions.start(pomodoro);
    // A second tab reads the same kept session.
    const second = setUp({ clock, locks });
    expect(second.sessions.session).toEqual(first.sessions.session);
    clock.advance(25 * MINUTE);
    await settle();
    expect(first.chimes.length + second.chimes.length).toBe(1);
    clock.advance(5 * MINUTE);
    await settle();
    expect(first.chimes.length + second.chimes.length).toBe(2);
  });

  it('stops chiming once stopped', async () => {
    const { clock, sessions, chimes, stop } = setUp();
    sessions.start(pomodoro);
    stop();
    clock.advance(25 * MINUTE);
    await settle();
    expect(chimes).toEqual([]);
  });
});
