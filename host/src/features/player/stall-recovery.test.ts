import { BehaviorSubject, Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PREFERENCES } from '@loofi/contracts';
import type { Track } from '@loofi/contracts';
import { createMemoryLibrary } from '@loofi/backend/testing';
import { createPlayerBus } from '@loofi/contracts/player';
import type { PlayerBusController } from '@loofi/contracts/player';
import type { AudioLike } from './decks';
import { upcoming } from './queue-order';
import { failureClassifier, probeFailure } from './failure-probe';
import {
  OFFLINE_SKIP_MESSAGE,
  PlayerEngine,
  playbackFailedMessage,
  skippedMessage,
} from './player-engine';
import type { PlayerEngineOptions } from './player-engine';
import { BUFFERING_AFTER_MS, GIVE_UP_AFTER_MS } from './stall-recovery';

/**
 * An element that plays only while its host gives data: the test says when data flows,
 * waits, or the download fails (with the `MediaError` code a browser gives).
 */
class FakeAudio extends EventTarget implements AudioLike {
  private source = '';
  currentTime = 0;
  duration = NaN;
  paused = true;
  seeking = false;
  volume = 1;
  muted = false;
  preload = '';
  readyState = 0;
  error: { code: number } | null = null;
  /** Every source set, in order (a reload sets the same one again). */
  readonly loads: string[] = [];
  get src() {
    return this.source;
  }
  set src(source: string) {
    this.source = source;
    this.loads.push(source);
    this.error = null;
    this.readyState = 0;
    this.currentTime = 0;
    this.duration = NaN;
    this.paused = true;
  }
  play() {
    if (this.error) return Promise.reject(new DOMException('failed', 'NotSupportedError'));
    if (!this.paused) return Promise.resolve();
    this.paused = false;
    this.dispatchEvent(new Event('play'));
    this.dispatchEvent(new Event(this.readyState >= 3 ? 'playing' : 'waiting'));
    return Promise.resolve();
  }
  pause() {
    if (this.paused) return;
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  }
  /** The host answers: metadata, then data to play on. */
  answer(duration = 200) {
    this.duration = duration;
    this.readyState = 4;
    this.dispatchEvent(new Event('loadedmetadata'));
    if (!this.paused) this.dispatchEvent(new Event('playing'));
  }
  /** The position moves on by a quarter second, as a playing element reports it. */
  tick(times = 1) {
    for (let step = 0; step < times; step += 1) {
      this.currentTime += 0.25;
      this.dispatchEvent(new Event('timeupdate'));
    }
  }
  /** Data flows again after a wait. */
  feed() {
    this.readyState = 4;
    this.dispatchEvent(new Event('playing'));
  }
  /** The data runs out: the element waits. */
  starve() {
    this.readyState = 2;
    this.dispatchEvent(new Event('waiting'));
  }
  /** The element reaches its end. */
  end() {
    this.paused = true;
    this.dispatchEvent(new Event('ended'));
  }
  fail(code: number) {
    this.error = { code };
    this.dispatchEvent(new Event('error'));
  }
}

const track = (name: string): Track => ({
  title: name,
  author: 'Lo',
  audio: `https://x.example/${name}.wav`,
  image: '',
});
const TRACKS = ['one', 'two', 'three'].map(track);

let audios: FakeAudio[];
/** The element that is not the current track's (it buffers the next one). */
const other = () => audios.find((element) => element !== audio())!;
let bus: PlayerBusController;
let engine: PlayerEngine;
/** Stops the player a test started; the tests of the probe start none. */
let stop: (() => void) | undefined;
const audio = () => engine.audio as FakeAudio;
/** The track the queue plays after `from`. */
const after = (from: Track) => upcoming(bus.state.queue, from)[0];

function startPlayer(
  extra: Partial<PlayerEngineOptions> = {},
  preferences: Partial<typeof DEFAULT_PREFERENCES> = {},
  tracks: readonly Track[] = TRACKS,
) {
  audios = [];
  bus = createPlayerBus();
  engine = new PlayerEngine({
    bus,
    createAudio: () => {
      const created = new FakeAudio();
      audios.push(created);
      return created;
    },
    library: createMemoryLibrary(tracks),
    preferences: {
      preferences$: new BehaviorSubject({ ...DEFAULT_PREFERENCES, ...preferences }),
      set: () => undefined,
    },
    storage: localStorage,
    random: () => 0.5,
    ...extra,
  });
  stop = engine.start();
}

/** Plays `which` until it is 30 s in, its data flowing. */
function playing(which: Track) {
  bus.dispatch({ type: 'play', track: which });
  audio().answer();
  audio().currentTime = 29.5;
  audio().tick(2);
  expect(bus.state).toMatchObject({ current: which, playing: true, position: 30 });
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
});

describe('waiting for data', () => {
  it('says "buffering" only after half a second of waiting, and stops saying it when sound flows', () => {
    startPlayer();
    playing(TRACKS[0]!);
    audio().starve();
    vi.advanceTimersByTime(BUFFERING_AFTER_MS - 50);
    expect(bus.state.buffering).toBeFalsy();
    vi.advanceTimersByTime(100);
    expect(bus.state).toMatchObject({ buffering: true, playing: true });
    audio().feed();
    audio().tick(2);
    expect(bus.state.buffering).toBe(false);
    expect(bus.state.current).toMatchObject(TRACKS[0]!);
  });

  it('never says it for a short wait, nor for a paused track', () => {
    startPlayer();
    playing(TRACKS[0]!);
    audio().starve();
    vi.advanceTimersByTime(200);
    audio().feed();
    audio().tick(2);
    vi.advanceTimersByTime(BUFFERING_AFTER_MS);
    expect(bus.state.buffering).toBeFalsy();
    audio().starve();
    bus.dispatch({ type: 'toggle' });
    vi.advanceTimersByTime(GIVE_UP_AFTER_MS * 2);
    expect(bus.state).toMatchObject({ current: TRACKS[0], playing: false });
    expect(bus.state.buffering).toBeFalsy();
  });

  it('counts `stalled` only when the element has no data to play on', () => {
    startPlayer();
    playing(TRACKS[0]!);
    audio().dispatchEvent(new Event('stalled'));
    vi.advanceTimersByTime(BUFFERING_AFTER_MS * 2);
    expect(bus.state.buffering).toBeFalsy();
    audio().readyState = 1;
    audio().dispatchEvent(new Event('stalled'));
    vi.advanceTimersByTime(BUFFERING_AFTER_MS * 2);
    expect(bus.state.buffering).toBe(true);
  });
});

describe('short drops', () => {
  it('keeps the track through a drop mid-way, reloads it backing off, and plays on where it stopped', () => {
    // What the host answers is known to the probe; here it says 503, a failure worth retrying.
    startPlayer({ classifyFailure: () => 'transient' });
    playing(TRACKS[0]!);
    const element = audio();
    element.readyState = 2;
    element.fail(2);
    expect(bus.state).toMatchObject({ current: TRACKS[0], playing: true, error: null });
    vi.advanceTimersByTime(BUFFERING_AFTER_MS);
    expect(bus.state.buffering).toBe(true);
    // 1 s later it is asked again from where it stopped; the host answers 503 (a failed load).
    vi.advanceTimersByTime(1000 - BUFFERING_AFTER_MS);
    expect(element.loads).toHaveLength(2);
    element.fail(4);
    vi.advanceTimersByTime(1999);
    expect(element.loads).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(element.loads).toHaveLength(3);
    element.fail(2);
    vi.advanceTimersByTime(1999);
    expect(element.loads).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(element.loads).toHaveLength(4);
    // Data again, 5 s after the drop: on from 0:30, never 0:00, the same track.
    expect(bus.state.position).toBe(30);
    element.answer();
    expect(element.currentTime).toBe(30);
    element.tick(4);
    expect(bus.state).toMatchObject({
      current: TRACKS[0],
      playing: true,
      buffering: false,
      error: null,
      position: 31,
    });
    vi.advanceTimersByTime(GIVE_UP_AFTER_MS);
    expect(bus.state.current).toMatchObject(TRACKS[0]!);
  });

  it('keeps a track whose host is back 12 s after it dropped: it is asked again before the 15 s are up', () => {
    startPlayer({ classifyFailure: () => 'transient' });
    playing(TRACKS[0]!);
    const element = audio();
    element.readyState = 2;
    element.fail(2);
    // Every reload fails while the host is down, for 12 s.
    let asked = element.loads.length;
    for (let elapsed = 0; elapsed < 12_000; elapsed += 100) {
      vi.advanceTimersByTime(100);
      if (element.loads.length > asked) {
        asked = element.loads.length;
        element.fail(2);
      }
    }
    // The host is back: the next reload gets data, before the track's 15 s are up.
    for (let elapsed = 12_000; element.loads.length === asked; elapsed += 100) {
      expect(elapsed, 'a reload before the 15 s are up').toBeLessThan(GIVE_UP_AFTER_MS - 1000);
      vi.advanceTimersByTime(100);
    }
    element.answer();
    element.tick(4);
    vi.advanceTimersByTime(GIVE_UP_AFTER_MS);
    expect(bus.state).toMatchObject({ current: TRACKS[0], playing: true, error: null });
  });

  it('learns the length of a track that failed before its metadata, once it is reloaded', () => {
    startPlayer({ classifyFailure: () => 'transient' });
    bus.dispatch({ type: 'play', track: TRACKS[0]! });
    audio().fail(4);
    vi.advanceTimersByTime(1000);
    expect(audio().loads).toHaveLength(2);
    audio().answer(180);
    audio().tick(4);
    expect(bus.state).toMatchObject({ current: TRACKS[0], duration: 180, position: 1 });
  });

  it('plays on from where a track was cued (Play here), when its host fails before it loads', () => {
    startPlayer({ classifyFailure: () => 'transient' });
    engine.cue(TRACKS[0]!, 18, true);
    audio().fail(2);
    vi.advanceTimersByTime(1000);
    expect(audio().loads).toHaveLength(2);
    expect(bus.state).toMatchObject({ current: TRACKS[0], position: 18 });
    audio().answer(180);
    expect(audio().currentTime).toBe(18);
    audio().tick(8);
    expect(bus.state).toMatchObject({ current: TRACKS[0], playing: true, position: 20 });
  });

  it('plays on what the element has after its host failed, and reloads it once that runs out', () => {
    startPlayer();
    playing(TRACKS[0]!);
    const element = audio();
    element.fail(2);
    // It plays on for 20 s.
    for (let step = 0; step < 80; step += 1) {
      vi.advanceTimersByTime(250);
      element.tick();
    }
    expect(bus.state).toMatchObject({ current: TRACKS[0], playing: true, position: 50 });
    expect(bus.state.buffering).toBeFalsy();
    expect(element.loads).toHaveLength(1);
    element.starve();
    vi.advanceTimersByTime(0);
    expect(element.loads).toHaveLength(2);
    element.answer();
    expect(element.currentTime).toBe(50);
  });

  it('keeps saying it buffers, and gives up in time, for a host that gives a moment of audio after each reload', () => {
    startPlayer({ classifyFailure: () => 'transient' });
    playing(TRACKS[0]!);
    const element = audio();
    element.readyState = 2;
    element.fail(2);
    for (let second = 0; second < 14; second += 1) {
      vi.advanceTimersByTime(1000);
      if (element.loads.length > 1 && !element.error && element.readyState === 0) {
        element.answer();
        element.tick(1);
        element.fail(2);
      }
    }
    expect(bus.state).toMatchObject({ current: TRACKS[0], buffering: true });
    vi.advanceTimersByTime(1000);
    expect(bus.state).toMatchObject({
      current: after(TRACKS[0]!),
      error: skippedMessage(TRACKS[0]!),
    });
  });

  it('reloads a failed element that stops where its data ends without saying it waits', () => {
    startPlayer();
    playing(TRACKS[0]!);
    const element = audio();
    element.fail(2);
    element.tick(4);
    vi.advanceTimersByTime(900);
    expect(element.loads).toHaveLength(1);
    // The time stands still at 31 s, with no event.
    vi.advanceTimersByTime(1100);
    expect(element.loads).toHaveLength(2);
    vi.advanceTimersByTime(BUFFERING_AFTER_MS);
    expect(bus.state).toMatchObject({ current: TRACKS[0], buffering: true, position: 31 });
    element.answer();
    expect(element.currentTime).toBe(31);
  });

  it('reloads at once when the network comes back', () => {
    const online$ = new Subject<boolean>();
    startPlayer({ online$ });
    playing(TRACKS[0]!);
    audio().readyState = 2;
    audio().fail(2);
    vi.advanceTimersByTime(900);
    vi.advanceTimersByTime(1000); // the first reload, failing again
    audio().fail(2);
    const before = audio().loads.length;
    online$.next(true);
    expect(audio().loads).toHaveLength(before + 1);
  });

  it('never restarts music paused while its host was failing, even when the network comes back', () => {
    const online$ = new Subject<boolean>();
    startPlayer({ online$ });
    playing(TRACKS[0]!);
    audio().readyState = 2;
    audio().fail(2);
    vi.advanceTimersByTime(900);
    bus.dispatch({ type: 'toggle' });
    const loads = audio().loads.length;
    online$.next(true);
    vi.advanceTimersByTime(GIVE_UP_AFTER_MS * 2);
    expect(audio().loads).toHaveLength(loads);
    expect(audio().paused).toBe(true);
    expect(bus.state).toMatchObject({ current: TRACKS[0], playing: false, buffering: false });
    expect(bus.state.error).toBeNull();
  });

  it('reloads a track that waits without an error too: a dropped connection may never say so', () => {
    startPlayer();
    playing(TRACKS[0]!);
    audio().starve();
    vi.advanceTimersByTime(4000);
    expect(audio().loads).toHaveLength(2);
    audio().answer();
    audio().tick(2);
    expect(bus.state).toMatchObject({ current: TRACKS[0], buffering: false });
    expect(audio().currentTime).toBe(30.5);
  });

  it('leaves a slow download that still brings data alone', () => {
    startPlayer();
    playing(TRACKS[0]!);
    audio().starve();
    for (let second = 0; second < 10; second += 1) {
      vi.advanceTimersByTime(1000);
      audio().dispatchEvent(new Event('progress'));
    }
    expect(audio().loads).toHaveLength(1);
    vi.advanceTimersByTime(4000);
    expect(audio().loads).toHaveLength(2);
  });

  it('skips a file the host says is not there at once, with its message', async () => {
    startPlayer({ classifyFailure: () => Promise.resolve('fatal') });
    playing(TRACKS[0]!);
    audio().fail(4);
    await vi.advanceTimersByTimeAsync(0);
    expect(bus.state).toMatchObject({
      current: after(TRACKS[0]!),
      error: playbackFailedMessage(TRACKS[0]!),
    });
  });
});

describe('dead tracks', () => {
  it('leaves a track that gives no audio for 15 s, by name, for the next one', () => {
    startPlayer();
    bus.dispatch({ type: 'play', track: TRACKS[0]! });
    // The host never answers.
    vi.advanceTimersByTime(GIVE_UP_AFTER_MS - 1);
    expect(bus.state).toMatchObject({ current: TRACKS[0], playing: true, buffering: true });
    vi.advanceTimersByTime(1);
    expect(bus.state).toMatchObject({
      current: after(TRACKS[0]!),
      error: skippedMessage(TRACKS[0]!),
      buffering: false,
    });
    expect(skippedMessage(TRACKS[0]!)).toBe("'one' could not be loaded: skipped.");
  });

  it('keeps a track that sounds again when a jump of the clock runs out its 15 s', () => {
    startPlayer();
    bus.dispatch({ type: 'play', track: TRACKS[0]! });
    // It waits for its first data, then plays half a second when the lid is closed.
    audio().answer();
    audio().tick(2);
    vi.advanceTimersByTime(GIVE_UP_AFTER_MS);
    expect(bus.state).toMatchObject({ current: TRACKS[0], playing: true, error: null });
    // Once it has played on a second, its trouble is over.
    audio().tick(4);
    vi.advanceTimersByTime(GIVE_UP_AFTER_MS);
    expect(bus.state).toMatchObject({ current: TRACKS[0], playing: true, error: null });
    // A wait after that starts its own 15 s.
    audio().starve();
    vi.advanceTimersByTime(GIVE_UP_AFTER_MS);
    expect(bus.state).toMatchObject({
      current: after(TRACKS[0]!),
      error: skippedMessage(TRACKS[0]!),
    });
  });

  it('leaves a host that keeps failing after 15 s, however often it is retried', () => {
    startPlayer({ classifyFailure: () => 'transient' });
    playing(TRACKS[0]!);
    audio().readyState = 2;
    audio().fail(4);
    for (let second = 0; second < 14; second += 1) {
      vi.advanceTimersByTime(1000);
      if (audio().loads.length > 1 && !audio().error) audio().fail(4);
    }
    expect(bus.state.current).toMatchObject(TRACKS[0]!);
    vi.advanceTimersByTime(1000);
    expect(bus.state).toMatchObject({
      current: after(TRACKS[0]!),
      error: skippedMessage(TRACKS[0]!),
    });
  });

  it('offline, leaves a track that is not kept after the same grace, as before', () => {
    let online = true;
    startPlayer({ playable: (candidate) => online || candidate.audio === TRACKS[2]!.audio });
    playing(TRACKS[0]!);
    online = false;
    audio().readyState = 2;
    audio().fail(2);
    vi.advanceTimersByTime(GIVE_UP_AFTER_MS - 1);
    expect(bus.state.current).toMatchObject(TRACKS[0]!);
    vi.advanceTimersByTime(1);
    expect(bus.state).toMatchObject({
      current: { audio: TRACKS[2]!.audio },
      error: OFFLINE_SKIP_MESSAGE,
    });
  });
});

describe('probeFailure', () => {
  const answer =
    (status: number, type = 'audio/mpeg') =>
    () =>
      Promise.resolve(
        new Response(status === 204 ? null : 'x', { status, headers: { 'content-type': type } }),
      );

  it('tells a missing or non-audio file from a host that failed for a moment', async () => {
    const url = 'https://x.example/a.mp3';
    expect(await probeFailure(url, 4, answer(404))).toBe('fatal');
    expect(await probeFailure(url, 4, answer(410))).toBe('fatal');
    expect(await probeFailure(url, 4, answer(503))).toBe('transient');
    expect(await probeFailure(url, 4, answer(206, 'text/html'))).toBe('fatal');
    expect(await probeFailure(url, 4, answer(206))).toBe('fatal');
    expect(await probeFailure(url, 3, answer(206))).toBe('transient');
    // No CORS, a reset, a refused connection: fetch rejects, nothing is known.
    expect(await probeFailure(url, 4, () => Promise.reject(new TypeError('Failed to fetch')))).toBe(
      'transient',
    );
    const never = vi.fn();
    expect(await probeFailure(url, 2, never)).toBe('transient');
    expect(never).not.toHaveBeenCalled();
  });

  it('asks only hosts the page may read: another would be refused by the security policy', async () => {
    const probe = vi.fn(() => Promise.resolve<'fatal'>('fatal'));
    const element = { error: { code: 4 } } as unknown as AudioLike;
    const track = (audio: string) => ({ title: 'T', author: 'A', audio, image: '' });
    const classify = failureClassifier(
      (candidate) => candidate.audio.startsWith('https://read.example/'),
      () => true,
      probe,
    );
    expect(await classify(track('https://read.example/a.mp3'), element)).toBe('fatal');
    expect(probe).toHaveBeenCalledWith('https://read.example/a.mp3', 4);
    probe.mockClear();
    expect(await classify(track('https://elsewhere.example/a.mp3'), element)).toBe('transient');
    expect(probe).not.toHaveBeenCalled();
    // Offline, nothing is asked: the track failed for want of the network.
    const offline = failureClassifier(
      () => true,
      () => false,
      probe,
    );
    expect(await offline(track('https://read.example/a.mp3'), element)).toBe('transient');
    expect(probe).not.toHaveBeenCalled();
  });
});

describe('hand-overs', () => {
  /** Plays the first queued track up to `seconds` of its 100. */
  function nearTheEnd(seconds: number) {
    const [first, second, third] = bus.state.queue as [Track, Track, Track];
    bus.dispatch({ type: 'play', track: first });
    audio().answer(100);
    audio().currentTime = seconds - 0.25;
    audio().tick();
    return { first, second, third };
  }

  it('plays the current track to its end while the next one cannot sound, then hands over', () => {
    startPlayer();
    const { first, second } = nearTheEnd(99.9);
    const outgoing = audio();
    expect(other().src).toBe(second.audio);
    vi.advanceTimersByTime(200);
    outgoing.tick();
    expect(bus.state.current).toEqual(first);
    expect(outgoing.paused).toBe(false);
    outgoing.end();
    expect(bus.state).toMatchObject({ current: second, playing: true });
    // The next track now waits for its data as the current one: shown, and ridden out.
    vi.advanceTimersByTime(BUFFERING_AFTER_MS);
    expect(bus.state.buffering).toBe(true);
  });

  it('starts a crossfade only once the next track can sound', () => {
    startPlayer({}, { crossfade: 4 });
    // The fade is due from 96 s on.
    const { first, second } = nearTheEnd(96.5);
    const outgoing = audio();
    vi.advanceTimersByTime(100);
    expect(bus.state.current).toEqual(first);
    expect(outgoing.volume).toBeCloseTo(0.7);
    other().answer(100);
    outgoing.currentTime = 97;
    outgoing.tick();
    vi.advanceTimersByTime(0);
    expect(bus.state.current).toEqual(second);
    expect(outgoing.paused).toBe(false);
  });

  it('drops a next track that is gone as it buffers, and fades into the one after it', () => {
    startPlayer({}, { crossfade: 4 });
    const { first, second, third } = nearTheEnd(50);
    expect(other().src).toBe(second.audio);
    other().fail(4);
    expect(other().src).toBe(third.audio);
    other().answer(100);
    const outgoing = audio();
    outgoing.currentTime = 95.75;
    outgoing.tick();
    vi.advanceTimersByTime(0);
    expect(bus.state).toMatchObject({ current: third, error: playbackFailedMessage(second) });
    // The current song fades out; it is not cut dead.
    expect(outgoing).toMatchObject({ src: first.audio, paused: false });
    expect(outgoing.volume).toBeGreaterThan(0.6);
  });

  it('with two tracks and the other one gone, plays the current one to its end, never again from 0:00', () => {
    startPlayer({}, { crossfade: 4 }, TRACKS.slice(0, 2));
    const { first } = nearTheEnd(50);
    other().fail(4);
    const element = audio();
    element.currentTime = 97;
    element.tick();
    vi.advanceTimersByTime(3000);
    expect(bus.state).toMatchObject({ current: first, playing: true });
    element.end();
    expect(bus.state).toMatchObject({ current: first, playing: false });
    expect(element.loads).toHaveLength(1);
  });
});

describe('failed tracks', () => {
  it('names both when a picked track fails and the next one fails too', () => {
    startPlayer();
    const [first, second, third] = bus.state.queue as [Track, Track, Track];
    bus.dispatch({ type: 'play', track: first });
    audio().fail(4);
    audio().fail(4);
    expect(bus.state).toMatchObject({
      current: third,
      error: `${playbackFailedMessage(first)} ${playbackFailedMessage(second)}`,
    });
  });

  it('passes over a failed track on the next laps, until the network is back or it is picked', () => {
    const online$ = new Subject<boolean>();
    startPlayer({ online$ });
    const [first, second, third] = bus.state.queue as [Track, Track, Track];
    bus.dispatch({ type: 'play', track: first });
    audio().answer();
    bus.dispatch({ type: 'next' });
    audio().fail(4);
    expect(bus.state.current).toEqual(third);
    audio().answer();
    bus.dispatch({ type: 'next' });
    expect(bus.state.current).toEqual(first);
    audio().answer();
    bus.dispatch({ type: 'next' });
    expect(bus.state.current).toEqual(third);
    online$.next(true);
    audio().answer();
    bus.dispatch({ type: 'next' });
    bus.dispatch({ type: 'next' });
    expect(bus.state.current).toEqual(second);
    bus.dispatch({ type: 'play', track: first });
    audio().fail(4);
    bus.dispatch({ type: 'play', track: first });
    expect(bus.state).toMatchObject({ current: first, playing: true });
  });
});
