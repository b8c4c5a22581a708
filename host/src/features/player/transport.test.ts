import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Track } from '@loofi/contracts';
import type { AudioLike, RoutedAudio } from './decks';
import { sameEntry } from './queue-order';
import { Transport } from './transport';
import type { LoudnessSource } from './normaliser';
import type { TransportEvents } from './transport';

/** An element that plays at once and is moved by the test. */
class FakeAudio extends EventTarget implements AudioLike {
  private source = '';
  get src() {
    return this.source;
  }
  /** A new source stops the element, as a browser's load does. */
  set src(source: string) {
    this.source = source;
    this.paused = true;
  }
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
  at(seconds: number, duration = 100) {
    this.duration = duration;
    this.currentTime = seconds;
    this.dispatchEvent(new Event('timeupdate'));
  }
}

const track = (name: string): Track => ({
  title: name,
  author: 'Lo',
  audio: `https://x.example/${name}.wav`,
  image: '',
});

let elements: FakeAudio[];
let heard: string[];
let transport: Transport;
let stop: () => void;

function start(loudness?: LoudnessSource, createRoutedAudio?: () => RoutedAudio) {
  elements = [];
  heard = [];
  const events: TransportEvents = {
    playing: () => heard.push('playing'),
    play: () => heard.push('play'),
    pause: () => heard.push('pause'),
    timeUpdate: () => heard.push('timeupdate'),
    metadata: () => heard.push('metadata'),
    ended: () => heard.push('ended'),
    error: () => heard.push('error'),
    standbyError: () => heard.push('standby error'),
    handOverDue: (seconds) => heard.push(`hand over ${seconds}`),
    settled: () => heard.push('settled'),
  };
  transport = new Transport(
    {
      createAudio: () => {
        const element = new FakeAudio();
        elements.push(element);
        return element;
      },
      createRoutedAudio,
      loudness,
    },
    events,
  );
  stop = transport.start({ volume: 0.5, muted: false });
}

const active = () => transport.active.audio as FakeAudio;
const standby = () => transport.standby.audio as FakeAudio;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  stop();
  vi.useRealTimers();
});

describe('Transport', () => {
  it('plays a loaded track at the owner volume and reports only the current deck', () => {
    start();
    transport.load(track('one'), 0, sameEntry);
    transport.resume(() => undefined);
    expect(active()).toMatchObject({ src: track('one').audio, paused: false, volume: 0.5 });
    transport.buffer(track('two'));
    standby().dispatchEvent(new Event('timeupdate'));
    expect(heard).toEqual(['play', 'playing']);
  });

  it('asks whether a track follows only near the end, not on every time update', () => {
    start();
    transport.load(track('one'), 0, sameEntry);
    transport.resume(() => undefined);
    let asked = 0;
    const hasNext = () => ((asked += 1), true);
    for (let second = 1; second <= 98; second += 1) {
      active().at(second);
      transport.scheduleHandOver(hasNext);
    }
    expect(asked).toBe(0);
    active().at(99.5);
    transport.scheduleHandOver(hasNext);
    expect(asked).toBe(1);
  });

  it('asks for the hand-over a moment before the end, then plays the last milliseconds out', () => {
    start();
    transport.load(track('one'), 0, sameEntry);
    transport.resume(() => undefined);
    transport.buffer(track('two'));
    active().at(99.5);
    transport.scheduleHandOver(() => true);
    vi.advanceTimersByTime(500);
    expect(heard.at(-1)).toBe('hand over 0');

    const outgoing = active();
    transport.handOver(0);
    transport.resume(() => undefined);
    expect(active().src).toBe(track('two').audio);
    expect(transport.busy).toBe(true);
    outgoing.dispatchEvent(new Event('ended'));
    expect(transport.busy).toBe(false);
    expect(heard.at(-1)).toBe('settled');
    expect(heard).not.toContain('ended');
  });

  it('crossfades with equal power by the incoming track’s clock', () => {
    start();
    transport.setLevels({ normalise: true, crossfadeSeconds: 10 });
    transport.load(track('one'), 0, sameEntry);
    transport.resume(() => undefined);
    transport.buffer(track('two'));
    const outgoing = active();
    transport.handOver(10);
    transport.resume(() => undefined);
    active().currentTime = 5;
    vi.advanceTimersByTime(50);
    expect(outgoing.volume).toBeCloseTo(0.5 * Math.cos(Math.PI / 4), 3);
    expect(active().volume).toBeCloseTo(0.5 * Math.sin(Math.PI / 4), 3);
    active().currentTime = 10;
    vi.advanceTimersByTime(50);
    expect(transport.crossfading).toBe(false);
    expect(active().volume).toBeCloseTo(0.5, 3);
  });

  it('fades to silence for the sleep timer, then pauses', () => {
    start();
    transport.load(track('one'), 0, sameEntry);
    transport.resume(() => undefined);
    transport.fadeOutAndPause(1000);
    vi.advanceTimersByTime(500);
    expect(active().volume).toBeLessThan(0.5);
    vi.advanceTimersByTime(600);
    expect(active().paused).toBe(true);
  });

  it("lowers every deck by a focus break's level: the Web Audio gain of a routed track", async () => {
    const gains: number[] = [];
    start({ loudnessOf: (each) => Promise.resolve(each.title === 'quiet' ? -20 : -14) }, () => {
      const audio = new FakeAudio();
      elements.push(audio);
      return { audio, setGain: (gain) => gains.push(gain) };
    });
    transport.setBreakGain(0.25);
    transport.load(track('quiet'), 0, sameEntry);
    transport.resume(() => undefined);
    // Measured once it plays, the quiet track moves to the routed element, turned up 6 dB.
    await vi.waitFor(() => expect(transport.active.canAmplify).toBe(true));
    expect(active().volume).toBe(1);
    expect(gains.at(-1)).toBeCloseTo(0.5 * 10 ** (6 / 20) * 0.25, 3);
    // The next track, on a plain element, waits as low.
    transport.buffer(track('loud'));
    expect(standby().volume).toBeCloseTo(0.5 * 0.25, 3);

    transport.setBreakGain(1);
    expect(gains.at(-1)).toBeCloseTo(0.5 * 10 ** (6 / 20), 3);
    expect(standby().volume).toBeCloseTo(0.5, 3);
  });

  it('measures the current track once it plays, and nothing while normalising is off', async () => {
    const asked: string[] = [];
    start({
      loudnessOf: (each) => {
        asked.push(each.title);
        return Promise.resolve(-8);
      },
    });
    transport.setLevels({ normalise: false, crossfadeSeconds: 0 });
    transport.load(track('one'), 0, sameEntry);
    transport.resume(() => undefined);
    expect(asked).toEqual([]);

    transport.setLevels({ normalise: true, crossfadeSeconds: 0 });
    transport.load(track('two'), 0, sameEntry);
    expect(asked).toEqual(['one']);
    transport.resume(() => undefined);
    expect(asked).toEqual(['one', 'two']);
    await vi.waitFor(() => expect(active().volume).toBeCloseTo(0.5 * 10 ** (-6 / 20), 3));
  });
});
