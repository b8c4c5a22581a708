import { BehaviorSubject, of, Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '@loofi/contracts';
import type { Preferences, StoredTrack, Track } from '@loofi/contracts';
import { createMemoryLibrary } from '@loofi/backend/testing';
import { createPlayerBus } from '@loofi/contracts/player';
import type { PlayerBusController } from '@loofi/contracts/player';
import { PlayerEngine, playbackFailedMessage } from './player-engine';
import type { AudioLike } from './player-engine';
import { MUSIC_SESSION_KEY, POSITION_KEY, VOLUME_KEY } from './player-storage';

/** An audio element that plays instantly and lets the test end or break a track. */
class FakeAudio extends EventTarget implements AudioLike {
  src = '';
  currentTime = 0;
  duration = NaN;
  paused = true;
  volume = 1;
  muted = false;
  preload = '';
  blockAutoplay = false;
  readonly broken = new Set<string>();
  play() {
    if (this.blockAutoplay) return Promise.reject(new DOMException('no', 'NotAllowedError'));
    if (this.broken.has(this.src)) {
      this.dispatchEvent(new Event('error'));
      return Promise.reject(new DOMException('unsupported', 'NotSupportedError'));
    }
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
  loadMetadata(duration: number) {
    this.duration = duration;
    this.dispatchEvent(new Event('loadedmetadata'));
  }
  end() {
    this.paused = true;
    this.dispatchEvent(new Event('ended'));
  }
}

const track = (name: string): Track => ({
  title: name,
  author: 'Lo',
  audio: `https://x.example/${name}.wav`,
  image: `https://x.example/${name}.svg`,
});
const TRACKS = ['one', 'two', 'three'].map(track);

let audio: FakeAudio;
let bus: PlayerBusController;
let preferences: BehaviorSubject<Preferences>;
let stop: () => void;

function startPlayer(tracks: readonly Track[] = TRACKS, prefs: Partial<Preferences> = {}) {
  audio = new FakeAudio();
  bus = createPlayerBus();
  preferences = new BehaviorSubject({ ...DEFAULT_PREFERENCES, ...prefs });
  const engine = new PlayerEngine({
    bus,
    audio,
    library: createMemoryLibrary(tracks),
    preferences: { preferences$: preferences, set: () => undefined },
    storage: localStorage,
    random: () => 0.5,
  });
  stop = engine.start();
  return engine;
}

beforeEach(() => localStorage.clear());
afterEach(() => stop());

describe('PlayerEngine', () => {
  it('queues the whole library, shuffled, and starts with the default track', () => {
    startPlayer();
    expect(bus.state.current).toBeNull();
    expect(new Set(bus.state.queue.map((t) => t.title))).toEqual(new Set(['one', 'two', 'three']));
  });

  it('plays a chosen track and saves it as music-session; the same track again toggles', () => {
    startPlayer();
    bus.dispatch({ type: 'play', track: TRACKS[1]! });
    expect(audio.src).toBe(TRACKS[1]!.audio);
    expect(bus.state).toMatchObject({ current: TRACKS[1], playing: true });
    expect(JSON.parse(localStorage.getItem(MUSIC_SESSION_KEY)!)).toEqual(TRACKS[1]);
    bus.dispatch({ type: 'play', track: { ...TRACKS[1]! } });
    expect(bus.state.playing).toBe(false);
    bus.dispatch({ type: 'toggle' });
    expect(bus.state.playing).toBe(true);
  });

  it('starts the first queued track when toggled with nothing loaded', () => {
    startPlayer();
    bus.dispatch({ type: 'toggle' });
    expect(bus.state.current).toEqual(bus.state.queue[0]);
    expect(bus.state.playing).toBe(true);
  });

  it('plays the next track when one ends, with auto-play on', () => {
    startPlayer();
    const [first, second] = bus.state.queue;
    bus.dispatch({ type: 'play', track: first! });
    audio.end();
    expect(bus.state).toMatchObject({ current: second, playing: true });
  });

  it('stops at the end with auto-play off, and never repeats a lone track', () => {
    startPlayer(TRACKS, { autoPlay: false });
    bus.dispatch({ type: 'play', track: TRACKS[0]! });
    audio.end();
    expect(bus.state).toMatchObject({ current: TRACKS[0], playing: false });

    stop();
    startPlayer([TRACKS[0]!]);
    bus.dispatch({ type: 'play', track: TRACKS[0]! });
    audio.end();
    expect(bus.state).toMatchObject({ current: TRACKS[0], playing: false });
  });

  it('reports a broken track and moves on, but stops when every track is broken', () => {
    startPlayer();
    const [first, second, third] = bus.state.queue;
    audio.broken.add(first!.audio);
    bus.dispatch({ type: 'play', track: first! });
    expect(bus.state.error).toBe(playbackFailedMessage(first!));
    expect(bus.state).toMatchObject({ current: second, playing: true });

    audio.broken.add(second!.audio).add(third!.audio);
    bus.dispatch({ type: 'play', track: third! });
    expect(bus.state.playing).toBe(false);
    expect(bus.state.error).toMatch(/could not be played/);
  });

  it('comes back to the last track at its position, paused, when resume is on', () => {
    startPlayer();
    bus.dispatch({ type: 'play', track: TRACKS[2]! });
    audio.currentTime = 42;
    audio.pause();
    expect(JSON.parse(localStorage.getItem(POSITION_KEY)!)).toEqual({
      audio: TRACKS[2]!.audio,
      position: 42,
    });
    stop();

    startPlayer();
    expect(bus.state).toMatchObject({ current: TRACKS[2], playing: false, position: 42 });
    audio.loadMetadata(180);
    expect(audio.currentTime).toBe(42);
    bus.dispatch({ type: 'toggle' });
    expect(bus.state.playing).toBe(true);
  });

  it('starts from the default track when resume is off', () => {
    localStorage.setItem(MUSIC_SESSION_KEY, JSON.stringify(TRACKS[0]));
    startPlayer(TRACKS, { resume: false });
    expect(bus.state.current).toBeNull();
  });

  it('keeps the current track and its place when the library changes while playing', async () => {
    const library = createMemoryLibrary(TRACKS);
    audio = new FakeAudio();
    bus = createPlayerBus();
    stop = new PlayerEngine({
      bus,
      audio,
      library,
      preferences: { preferences$: new BehaviorSubject(DEFAULT_PREFERENCES), set: () => undefined },
      storage: localStorage,
    }).start();
    const playing = bus.state.queue[1]!;
    bus.dispatch({ type: 'play', track: playing });
    audio.currentTime = 12;
    await library.add(track('four'));
    expect(bus.state.queue).toHaveLength(4);
    expect(bus.state).toMatchObject({ current: playing, playing: true });
    expect(audio.src).toBe(playing.audio);
    expect(audio.currentTime).toBe(12);
  });

  it('queues a large library’s sample first, and keeps it at the head once the rest arrives', () => {
    const whole = new Subject<readonly StoredTrack[]>();
    const sample = [track('two'), track('nine')].map((t, index) => ({ ...t, key: String(index) }));
    audio = new FakeAudio();
    bus = createPlayerBus();
    stop = new PlayerEngine({
      bus,
      audio,
      library: { ...createMemoryLibrary([]), tracks$: whole, sample$: of(sample) },
      preferences: { preferences$: new BehaviorSubject(DEFAULT_PREFERENCES), set: () => undefined },
      storage: localStorage,
      random: () => 0.5,
    }).start();
    expect(bus.state.queue.map((t) => t.title)).toEqual(['two', 'nine']);
    whole.next(['one', 'two', 'three', 'four'].map((name) => ({ ...track(name), key: name })));
    const titles = bus.state.queue.map((t) => t.title);
    // 'nine' has gone from the library meanwhile.
    expect(titles[0]).toBe('two');
    expect(titles.slice(1).sort()).toEqual(['four', 'one', 'three']);
  });

  it('keeps its queue and keeps playing when the library can no longer be read', () => {
    const library = new Subject<readonly StoredTrack[]>();
    audio = new FakeAudio();
    bus = createPlayerBus();
    stop = new PlayerEngine({
      bus,
      audio,
      library: { ...createMemoryLibrary([]), tracks$: library },
      preferences: { preferences$: new BehaviorSubject(DEFAULT_PREFERENCES), set: () => undefined },
      storage: localStorage,
    }).start();
    library.next(TRACKS.map((t, index) => ({ ...t, key: String(index) })));
    bus.dispatch({ type: 'play', track: TRACKS[0]! });
    // The site's data cleared under the page: the library's stream fails.
    expect(() => library.error(new Error('Connection is closing'))).not.toThrow();
    expect(bus.state.queue).toHaveLength(3);
    bus.dispatch({ type: 'next' });
    expect(bus.state.playing).toBe(true);
  });

  it('seeks within the track, and persists volume and mute', () => {
    startPlayer();
    bus.dispatch({ type: 'play', track: TRACKS[0]! });
    audio.loadMetadata(100);
    bus.dispatch({ type: 'seek', seconds: 150 });
    expect(audio.currentTime).toBe(100);
    bus.dispatch({ type: 'seek', seconds: -3 });
    expect(audio.currentTime).toBe(0);
    bus.dispatch({ type: 'volume', volume: 0.3 });
    bus.dispatch({ type: 'mute', muted: true });
    expect(audio).toMatchObject({ volume: 0.3, muted: true });
    expect(JSON.parse(localStorage.getItem(VOLUME_KEY)!)).toEqual({ volume: 0.3, muted: true });
  });

  it('stays paused, ready for a click, when the browser refuses to autoplay', async () => {
    startPlayer();
    audio.blockAutoplay = true;
    bus.dispatch({ type: 'play', track: TRACKS[0]! });
    await Promise.resolve();
    expect(bus.state).toMatchObject({ current: TRACKS[0], playing: false, error: null });
  });
});
