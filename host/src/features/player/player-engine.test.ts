import { BehaviorSubject, of, Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PREFERENCES, plainTrack } from '@loofi/contracts';
import type { Preferences, StoredTrack, Track } from '@loofi/contracts';
import { createMemoryLibrary } from '@loofi/backend/testing';
import { createPlayerBus } from '@loofi/contracts/player';
import type { PlayerBusController } from '@loofi/contracts/player';
import {
  NOTHING_KEPT_MESSAGE,
  NOTHING_PLAYS_MESSAGE,
  OFFLINE_SKIP_MESSAGE,
  PlayerEngine,
  playbackFailedMessage,
} from './player-engine';
import type { AudioLike, LoudnessSource, PlayerEngineOptions } from './player-engine';
import { MUSIC_SESSION_KEY, POSITION_KEY, VOLUME_KEY } from './player-storage';

/** The sources every fake element fails to play. */
const broken = new Set<string>();

/** An audio element that plays instantly and lets the test end or break a track. */
class FakeAudio extends EventTarget implements AudioLike {
  private source = '';
  /** Its load failed (a MediaError): like a browser's, it plays nothing until given a source. */
  private loadFailed = false;
  get src() {
    return this.source;
  }
  set src(source: string) {
    this.source = source;
    this.loadFailed = false;
  }
  currentTime = 0;
  duration = NaN;
  paused = true;
  volume = 1;
  muted = false;
  preload = '';
  static blockAutoplay = false;
  play() {
    if (FakeAudio.blockAutoplay) return Promise.reject(new DOMException('no', 'NotAllowedError'));
    if (this.loadFailed) return Promise.reject(new DOMException('failed', 'NotSupportedError'));
    if (broken.has(this.src)) {
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
  /** The track cannot be fetched (the network dropped, its host is down) as it loads. */
  failLoad() {
    this.loadFailed = true;
    this.dispatchEvent(new Event('error'));
  }
  /** Playback has reached `seconds`, as the element reports a few times a second. */
  reach(seconds: number) {
    this.currentTime = seconds;
    this.dispatchEvent(new Event('timeupdate'));
  }
}

const track = (name: string): Track => ({
  title: name,
  author: 'Lo',
  audio: `https://x.example/${name}.wav`,
  image: `https://x.example/${name}.svg`,
});
const TRACKS = ['one', 'two', 'three'].map(track);

let engine: PlayerEngine;
let audios: FakeAudio[];
let bus: PlayerBusController;
/** The element playing the current track. */
const audio = () => engine.audio as FakeAudio;
const fakeAudio = () => {
  const created = new FakeAudio();
  audios.push(created);
  return created;
};
let preferences: BehaviorSubject<Preferences>;
let stop: () => void;

function startPlayer(
  tracks: readonly Track[] = TRACKS,
  prefs: Partial<Preferences> = {},
  loudness?: LoudnessSource,
  extra: Partial<PlayerEngineOptions> = {},
) {
  audios = [];
  bus = createPlayerBus();
  preferences = new BehaviorSubject({ ...DEFAULT_PREFERENCES, ...prefs });
  engine = new PlayerEngine({
    bus,
    createAudio: fakeAudio,
    library: createMemoryLibrary(tracks),
    preferences: { preferences$: preferences, set: () => undefined },
    storage: localStorage,
    random: () => 0.5,
    ...(loudness ? { loudness } : {}),
    ...extra,
  });
  stop = engine.start();
  return engine;
}

beforeEach(() => {
  localStorage.clear();
  broken.clear();
  FakeAudio.blockAutoplay = false;
});
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
    expect(audio().src).toBe(TRACKS[1]!.audio);
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

  /** The player, started before its library has arrived: `arrive` brings it. */
  function startBeforeTheLibrary() {
    const library = new Subject<readonly StoredTrack[]>();
    startPlayer(TRACKS, {}, undefined, {
      library: { ...createMemoryLibrary([]), tracks$: library },
    });
    return {
      arrive: (tracks: readonly Track[] = TRACKS) =>
        library.next(tracks.map((each) => ({ ...each, key: each.title }))),
    };
  }

  it('keeps a press on Play made before the library arrived, and plays once it does', () => {
    const library = startBeforeTheLibrary();
    bus.dispatch({ type: 'toggle' });
    expect(bus.state.playing).toBe(false);
    library.arrive();
    expect(bus.state.current).toEqual(bus.state.queue[0]);
    expect(bus.state.playing).toBe(true);
  });

  it("plays a press kept for the library, not another device's session that came before it", () => {
    const library = startBeforeTheLibrary();
    bus.dispatch({ type: 'toggle' });
    expect(engine.continueAt(TRACKS[2]!, 30)).toBe(false);
    library.arrive();
    expect(bus.state.current).toEqual(bus.state.queue[0]);
    expect(bus.state.playing).toBe(true);
  });

  it('keeps a press on Play made before an empty library arrived, and plays nothing', () => {
    const library = startBeforeTheLibrary();
    bus.dispatch({ type: 'toggle' });
    library.arrive([]);
    expect(bus.state.current).toBeNull();
    expect(bus.state.playing).toBe(false);
  });

  it('does nothing on Play with an empty library, and starts nothing when tracks come later', () => {
    const library = new BehaviorSubject<readonly StoredTrack[]>([]);
    startPlayer(TRACKS, {}, undefined, {
      library: { ...createMemoryLibrary([]), tracks$: library },
    });
    bus.dispatch({ type: 'toggle' });
    library.next(TRACKS.map((each) => ({ ...each, key: each.title })));
    expect(bus.state.current).toBeNull();
    expect(bus.state.playing).toBe(false);
  });

  it('plays the next track when one ends, with auto-play on', () => {
    startPlayer();
    const [first, second] = bus.state.queue;
    bus.dispatch({ type: 'play', track: first! });
    audio().end();
    expect(bus.state).toMatchObject({ current: second, playing: true });
  });

  it('stops at the end with auto-play off, and never repeats a lone track', () => {
    startPlayer(TRACKS, { autoPlay: false });
    bus.dispatch({ type: 'play', track: TRACKS[0]! });
    audio().end();
    expect(bus.state).toMatchObject({ current: TRACKS[0], playing: false });

    stop();
    startPlayer([TRACKS[0]!]);
    bus.dispatch({ type: 'play', track: TRACKS[0]! });
    audio().end();
    expect(bus.state).toMatchObject({ current: TRACKS[0], playing: false });
  });

  it('reports a broken track and moves on, but stops when every track is broken', () => {
    startPlayer();
    const [first, second, third] = bus.state.queue;
    broken.add(first!.audio);
    bus.dispatch({ type: 'play', track: first! });
    expect(bus.state.error).toBe(playbackFailedMessage(first!));
    expect(bus.state).toMatchObject({ current: second, playing: true });

    broken.add(second!.audio).add(third!.audio);
    bus.dispatch({ type: 'play', track: third! });
    expect(bus.state.playing).toBe(false);
    expect(bus.state.error).toBe(NOTHING_PLAYS_MESSAGE);
  });

  it('says once that nothing in the library can play, and stops there rather than lapping', () => {
    const LIBRARY = ['a', 'b', 'c', 'd', 'e'].map(track);
    startPlayer(LIBRARY);
    for (const each of LIBRARY) broken.add(each.audio);
    const errors: (string | null)[] = [];
    const loads: string[] = [];
    bus.state$.subscribe(({ error, current }) => {
      if (error !== errors.at(-1)) errors.push(error);
      if (current && current.audio !== loads.at(-1)) loads.push(current.audio);
    });
    bus.dispatch({ type: 'play', track: bus.state.queue[0]! });
    expect(bus.state).toMatchObject({ playing: false, error: NOTHING_PLAYS_MESSAGE });
    expect(errors.filter((error) => error === NOTHING_PLAYS_MESSAGE)).toHaveLength(1);
    // Each track was tried once: one lap, then the player stopped.
    expect(new Set(loads).size).toBe(LIBRARY.length);
    expect(loads.length).toBe(LIBRARY.length);
    expect(errors.at(-1)).toBe(NOTHING_PLAYS_MESSAGE);
    bus.dispatch({ type: 'next' });
    expect(loads.length).toBe(LIBRARY.length);
  });

  it('walks the queue on no time update far from the end, only as the end nears', () => {
    let looks = 0;
    startPlayer(TRACKS, {}, undefined, { playable: () => ((looks += 1), true) });
    const [first, second] = bus.state.queue;
    bus.dispatch({ type: 'play', track: first! });
    audio().loadMetadata(300);
    looks = 0;
    for (let tick = 1; tick <= 400; tick += 1) audio().reach(tick / 4);
    expect(looks).toBe(0);
    expect(bus.state.position).toBe(100);
    audio().reach(250);
    expect(looks).toBeGreaterThan(0);
    const standby = audios.find((element) => element !== audio())!;
    expect(standby.src).toBe(second!.audio);
  });

  it('comes back to the last track at its position, paused, when resume is on', () => {
    startPlayer();
    bus.dispatch({ type: 'play', track: TRACKS[2]! });
    audio().currentTime = 42;
    audio().pause();
    expect(JSON.parse(localStorage.getItem(POSITION_KEY)!)).toEqual({
      audio: TRACKS[2]!.audio,
      position: 42,
    });
    stop();

    startPlayer();
    expect(bus.state).toMatchObject({ current: TRACKS[2], playing: false, position: 42 });
    audio().loadMetadata(180);
    expect(audio().currentTime).toBe(42);
    bus.dispatch({ type: 'toggle' });
    expect(bus.state.playing).toBe(true);
  });

  it('shows nothing playing once stopped (a sign-out); signed in again, Play starts afresh', () => {
    startPlayer(TRACKS, { resume: false });
    bus.dispatch({ type: 'play', track: TRACKS[1]! });
    audio().reach(30);
    const page = bus; // The page's bus outlives the signed-in shell.
    stop();
    expect(page.state).toMatchObject({ current: null, playing: false, position: 0, error: null });

    startPlayer(TRACKS, { resume: false }, undefined, { bus: page });
    bus = page;
    expect(bus.state).toMatchObject({ current: null, playing: false });
    bus.dispatch({ type: 'toggle' });
    expect(bus.state.playing).toBe(true);
    expect(audio().paused).toBe(false);
  });

  it('keeps where playback was at a sign-out, for Continue where you left off', () => {
    startPlayer();
    bus.dispatch({ type: 'play', track: TRACKS[2]! });
    audio().reach(30);
    stop();

    startPlayer();
    expect(bus.state).toMatchObject({ current: TRACKS[2], playing: false, position: 30 });
  });

  it('starts from the default track when resume is off', () => {
    localStorage.setItem(MUSIC_SESSION_KEY, JSON.stringify(TRACKS[0]));
    startPlayer(TRACKS, { resume: false });
    expect(bus.state.current).toBeNull();
  });

  it('keeps the current track and its place when the library changes while playing', async () => {
    const library = createMemoryLibrary(TRACKS);
    audios = [];
    bus = createPlayerBus();
    engine = new PlayerEngine({
      bus,
      createAudio: fakeAudio,
      library,
      preferences: { preferences$: new BehaviorSubject(DEFAULT_PREFERENCES), set: () => undefined },
      storage: localStorage,
    });
    stop = engine.start();
    const playing = bus.state.queue[1]!;
    bus.dispatch({ type: 'play', track: playing });
    audio().currentTime = 12;
    await library.add(track('four'));
    expect(bus.state.queue).toHaveLength(4);
    expect(bus.state).toMatchObject({ current: playing, playing: true });
    expect(audio().src).toBe(playing.audio);
    expect(audio().currentTime).toBe(12);
  });

  it('shows an edit of the playing track at once, and plays its new audio from the same place', async () => {
    const library = createMemoryLibrary(TRACKS);
    startPlayer(TRACKS, {}, undefined, { library });
    const playing = bus.state.queue[0] as StoredTrack;
    bus.dispatch({ type: 'play', track: playing });
    audio().loadMetadata(100);
    audio().reach(30);
    await library.update(playing.key, { ...playing, title: 'Renamed', author: 'Someone' });
    expect(bus.state).toMatchObject({ current: { title: 'Renamed', author: 'Someone' } });
    expect(audio().src).toBe(playing.audio);
    expect(audio().currentTime).toBe(30);
    expect(JSON.parse(localStorage.getItem(MUSIC_SESSION_KEY)!).title).toBe('Renamed');

    const moved = 'https://x.example/moved.wav';
    await library.update(playing.key, { ...plainTrack(playing), audio: moved });
    expect(audio().src).toBe(moved);
    expect(bus.state).toMatchObject({ current: { audio: moved }, playing: true });
    audio().loadMetadata(100);
    expect(audio().currentTime).toBe(30);
  });

  it('queues a large library’s sample first, and keeps it at the head once the rest arrives', () => {
    const whole = new Subject<readonly StoredTrack[]>();
    const sample = [track('two'), track('nine')].map((t) => ({ ...t, key: t.title }));
    audios = [];
    bus = createPlayerBus();
    engine = new PlayerEngine({
      bus,
      createAudio: fakeAudio,
      library: { ...createMemoryLibrary([]), tracks$: whole, sample$: of(sample) },
      preferences: { preferences$: new BehaviorSubject(DEFAULT_PREFERENCES), set: () => undefined },
      storage: localStorage,
      random: () => 0.5,
    });
    stop = engine.start();
    expect(bus.state.queue.map((t) => t.title)).toEqual(['two', 'nine']);
    whole.next(['one', 'two', 'three', 'four'].map((name) => ({ ...track(name), key: name })));
    const titles = bus.state.queue.map((t) => t.title);
    // 'nine' has gone from the library meanwhile.
    expect(titles[0]).toBe('two');
    expect(titles.slice(1).sort()).toEqual(['four', 'one', 'three']);
  });

  it('keeps its queue and keeps playing when the library can no longer be read', () => {
    const library = new Subject<readonly StoredTrack[]>();
    audios = [];
    bus = createPlayerBus();
    engine = new PlayerEngine({
      bus,
      createAudio: fakeAudio,
      library: { ...createMemoryLibrary([]), tracks$: library },
      preferences: { preferences$: new BehaviorSubject(DEFAULT_PREFERENCES), set: () => undefined },
      storage: localStorage,
    });
    stop = engine.start();
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
    audio().loadMetadata(100);
    bus.dispatch({ type: 'seek', seconds: 150 });
    expect(audio().currentTime).toBe(100);
    bus.dispatch({ type: 'seek', seconds: -3 });
    expect(audio().currentTime).toBe(0);
    bus.dispatch({ type: 'volume', volume: 0.3 });
    bus.dispatch({ type: 'mute', muted: true });
    expect(audio()).toMatchObject({ volume: 0.3, muted: true });
    expect(JSON.parse(localStorage.getItem(VOLUME_KEY)!)).toEqual({ volume: 0.3, muted: true });
  });

  it('stays paused, ready for a click, when the browser refuses to autoplay', async () => {
    startPlayer();
    FakeAudio.blockAutoplay = true;
    bus.dispatch({ type: 'play', track: TRACKS[0]! });
    await Promise.resolve();
    expect(bus.state).toMatchObject({ current: TRACKS[0], playing: false, error: null });
  });
});

describe('PlayerEngine hand-over', () => {
  afterEach(() => vi.useRealTimers());

  /** Plays the first queued track of 100 s, up to `seconds` into it. */
  function playFirstUpTo(seconds: number) {
    const [first, second, third] = bus.state.queue;
    bus.dispatch({ type: 'play', track: first! });
    audio().loadMetadata(100);
    audio().reach(seconds);
    return { first: first!, second: second!, third: third! };
  }

  const other = () => audios.find((element) => element !== audio())!;

  it('buffers the next track on the other element near the end, and hands over to it', () => {
    startPlayer();
    const { second } = playFirstUpTo(30);
    expect(other().src).toBe('');
    audio().reach(45);
    expect(other()).toMatchObject({ src: second.audio, preload: 'auto' });
    const buffered = other();
    audio().end();
    expect(audio()).toBe(buffered);
    expect(bus.state).toMatchObject({ current: second, playing: true, position: 0 });
  });

  it('starts the next track a moment before the end, letting the last one play out', () => {
    vi.useFakeTimers();
    startPlayer();
    const { first, second } = playFirstUpTo(99.9);
    const outgoing = audio();
    vi.advanceTimersByTime(100);
    expect(bus.state).toMatchObject({ current: second, playing: true });
    expect(outgoing).toMatchObject({ src: first.audio, paused: false });
    outgoing.end();
    expect(bus.state).toMatchObject({ current: second, playing: true });
  });

  it('crossfades with equal power, the incoming track current from the start', () => {
    vi.useFakeTimers();
    startPlayer(TRACKS, { crossfade: 4 });
    const { first, second } = playFirstUpTo(96);
    const outgoing = audio();
    vi.advanceTimersByTime(0);
    expect(bus.state).toMatchObject({ current: second, playing: true, position: 0 });
    expect(JSON.parse(localStorage.getItem(MUSIC_SESSION_KEY)!)).toMatchObject({
      title: second.title,
      audio: second.audio,
    });
    const incoming = audio();
    expect(outgoing.src).toBe(first.audio);
    for (const at of [0.5, 1, 2, 3, 3.9]) {
      incoming.currentTime = at;
      vi.advanceTimersByTime(50);
      const power = (outgoing.volume / 0.7) ** 2 + (incoming.volume / 0.7) ** 2;
      expect(power, `at ${at} s`).toBeGreaterThan(0.95);
      expect(power, `at ${at} s`).toBeLessThan(1.05);
    }
    incoming.currentTime = 4;
    vi.advanceTimersByTime(50);
    expect(outgoing.paused).toBe(true);
    expect(incoming.volume).toBeCloseTo(0.7);
  });

  it('pauses both tracks during a crossfade, and plays both again', () => {
    vi.useFakeTimers();
    startPlayer(TRACKS, { crossfade: 4 });
    playFirstUpTo(96);
    const outgoing = audio();
    vi.advanceTimersByTime(0);
    const incoming = audio();
    bus.dispatch({ type: 'toggle' });
    expect([outgoing.paused, incoming.paused, bus.state.playing]).toEqual([true, true, false]);
    bus.dispatch({ type: 'toggle' });
    expect([outgoing.paused, incoming.paused, bus.state.playing]).toEqual([false, false, true]);
  });

  it('hands over to nothing with auto-play off: nothing buffered, the player stops', () => {
    startPlayer(TRACKS, { autoPlay: false });
    const { first } = playFirstUpTo(99);
    expect(other().src).toBe('');
    audio().end();
    expect(bus.state).toMatchObject({ current: first, playing: false });
  });

  it('skips a next track that failed to buffer, with the message', () => {
    startPlayer();
    const { second, third } = playFirstUpTo(50);
    other().dispatchEvent(new Event('error'));
    audio().end();
    expect(bus.state).toMatchObject({ current: third, error: playbackFailedMessage(second) });
  });

  it("stops at the track's end for the sleep timer's End of track, and says so", () => {
    startPlayer();
    const stopped = vi.fn();
    engine.stoppedAtEndOfTrack$.subscribe(stopped);
    engine.stopAtEndOfTrack(true);
    const { first } = playFirstUpTo(99);
    expect(other().src).toBe('');
    audio().end();
    expect(bus.state).toMatchObject({ current: first, playing: false });
    expect(stopped).toHaveBeenCalledOnce();
  });

  it("fades out over the sleep timer's fade, then pauses at the owner's volume", () => {
    vi.useFakeTimers();
    startPlayer();
    playFirstUpTo(10);
    engine.fadeOutAndPause(10_000);
    vi.advanceTimersByTime(5_000);
    expect(audio().volume).toBeCloseTo(0.7 * Math.cos(Math.PI / 4), 2);
    expect(bus.state.playing).toBe(true);
    vi.advanceTimersByTime(5_100);
    expect(bus.state.playing).toBe(false);
    expect(audio().volume).toBeCloseTo(0.7);
  });

  it("leaves the sleep timer's end to the tab that plays, where another one does", () => {
    vi.useFakeTimers();
    const told: number[] = [];
    startPlayer(TRACKS, {}, undefined, { sleepsElsewhere: (ms) => told.push(ms) > 0 });
    playFirstUpTo(10);
    engine.fadeOutAndPause(10_000);
    vi.advanceTimersByTime(11_000);
    expect(told).toEqual([10_000]);
    expect(bus.state.playing).toBe(true);
    expect(audio().volume).toBeCloseTo(0.7);
  });

  it("ends the sleep timer's fade when the owner plays again or picks a track: the music stays", () => {
    vi.useFakeTimers();
    startPlayer();
    playFirstUpTo(10);
    engine.fadeOutAndPause(10_000);
    vi.advanceTimersByTime(4_000);
    bus.dispatch({ type: 'toggle' }); // Pause, half asleep…
    bus.dispatch({ type: 'toggle' }); // …and Play: awake after all.
    expect(audio().volume).toBeCloseTo(0.7);
    vi.advanceTimersByTime(10_000);
    expect(bus.state.playing).toBe(true);
    expect(audio().volume).toBeCloseTo(0.7);

    engine.fadeOutAndPause(10_000);
    vi.advanceTimersByTime(4_000);
    bus.dispatch({ type: 'play', track: TRACKS[2]! });
    vi.advanceTimersByTime(10_000);
    expect(bus.state).toMatchObject({ current: TRACKS[2], playing: true });
    expect(audio().volume).toBeCloseTo(0.7);
  });

  it('brings a loud track down to the target loudness, and leaves it with normalising off', async () => {
    const loudness: LoudnessSource = {
      loudnessOf: (track) => Promise.resolve(track.title === 'two' ? -8 : -14),
    };
    startPlayer(TRACKS, {}, loudness);
    bus.dispatch({ type: 'play', track: TRACKS[1]! });
    await Promise.resolve();
    await Promise.resolve();
    expect(audio().volume).toBeCloseTo(0.7 * 10 ** (-6 / 20), 3);
    preferences.next({ ...preferences.getValue(), normalize: false });
    expect(audio().volume).toBeCloseTo(0.7);
  });

  it('brings a track resumed part-way (a reload, Play here) to the target loudness as it plays', async () => {
    const loudness: LoudnessSource = {
      loudnessOf: (track) => Promise.resolve(track.title === 'two' ? -8 : -14),
    };
    startPlayer(TRACKS, {}, loudness);
    engine.cue(TRACKS[1]!, 42, false);
    audio().loadMetadata(100);
    expect(audio().currentTime).toBe(42);
    bus.dispatch({ type: 'toggle' });
    await Promise.resolve();
    await Promise.resolve();
    expect(bus.state).toMatchObject({ current: TRACKS[1], playing: true });
    expect(audio().volume).toBeCloseTo(0.7 * 10 ** (-6 / 20), 3);
  });

  it('turns a quiet, readable track up on the element routed through Web Audio', async () => {
    const gains: number[] = [];
    const routed = () => {
      const audio = fakeAudio();
      return { audio, setGain: (gain: number) => gains.push(gain) };
    };
    audios = [];
    bus = createPlayerBus();
    preferences = new BehaviorSubject(DEFAULT_PREFERENCES);
    engine = new PlayerEngine({
      bus,
      createAudio: fakeAudio,
      createRoutedAudio: routed,
      library: createMemoryLibrary(TRACKS),
      preferences: { preferences$: preferences, set: () => undefined },
      storage: localStorage,
      loudness: { loudnessOf: () => Promise.resolve(-20) },
    });
    stop = engine.start();
    const plainElements = [audios[0], audios[2]];
    bus.dispatch({ type: 'play', track: TRACKS[0]! });
    await Promise.resolve();
    await Promise.resolve();
    expect(plainElements).not.toContain(audio());
    expect(audio()).toMatchObject({ src: TRACKS[0]!.audio, paused: false, volume: 1 });
    expect(gains.at(-1)).toBeCloseTo(0.7 * 10 ** (6 / 20), 3);
    expect(bus.state).toMatchObject({ current: TRACKS[0], playing: true });
  });

  it('with Normalise volume off, downloads nothing to measure; turned on, measures what plays', async () => {
    const asked: string[] = [];
    const loudness: LoudnessSource = {
      loudnessOf: (track) => {
        asked.push(track.title);
        return Promise.resolve(-14);
      },
    };
    const library = createMemoryLibrary(TRACKS);
    startPlayer(TRACKS, { normalize: false }, loudness, { library });
    bus.dispatch({ type: 'play', track: TRACKS[0]! });
    audio().loadMetadata(100);
    audio().reach(90);
    await library.add(track('four'));
    expect(audios.some((element) => element !== audio() && element.src !== '')).toBe(true);
    expect(asked).toEqual([]);

    preferences.next({ ...preferences.getValue(), normalize: true });
    expect(asked).toContain('one');
  });

  it('measures the playing track only once it plays, not while it is still loading', () => {
    const asked: string[] = [];
    const loudness: LoudnessSource = {
      loudnessOf: (track) => {
        asked.push(track.title);
        return Promise.resolve(-14);
      },
    };
    startPlayer(TRACKS, {}, loudness);
    FakeAudio.blockAutoplay = true;
    bus.dispatch({ type: 'play', track: TRACKS[1]! });
    expect(asked).toEqual([]);
    FakeAudio.blockAutoplay = false;
    bus.dispatch({ type: 'toggle' });
    expect(asked).toEqual(['two']);
  });

  it('measures tracks as they are added, in the background, but not a whole import', async () => {
    const asked: { title: string; background: boolean }[] = [];
    const loudness: LoudnessSource = {
      loudnessOf: (track, options) => {
        asked.push({ title: track.title, background: options?.background === true });
        return Promise.resolve(-14);
      },
    };
    const library = createMemoryLibrary(TRACKS);
    audios = [];
    bus = createPlayerBus();
    preferences = new BehaviorSubject(DEFAULT_PREFERENCES);
    engine = new PlayerEngine({
      bus,
      createAudio: fakeAudio,
      library,
      preferences: { preferences$: preferences, set: () => undefined },
      storage: localStorage,
      loudness,
    });
    stop = engine.start();
    expect(asked).toEqual([]);
    await library.add(track('four'));
    expect(asked).toEqual([{ title: 'four', background: true }]);
    await library.addMany(Array.from({ length: 60 }, (_, index) => track(`imported ${index}`)));
    expect(asked).toHaveLength(1);
  });
});

describe('PlayerEngine: the queue the owner shapes', () => {
  const FIVE = ['a', 'b', 'c', 'd', 'e'].map(track);
  const titles = (tracks: readonly Track[]) => tracks.map((t) => t.title);
  // The up-next list the host publishes on the bus.
  const next = () => titles(bus.state.upNext ?? []);
  const byTitle = (title: string) => FIVE.find((t) => t.title === title)!;

  /** Plays the first track of the queue; returns the titles of the others in order. */
  function playFirst() {
    startPlayer(FIVE);
    bus.dispatch({ type: 'play', track: bus.state.queue[0]! });
    return next();
  }

  it('plays next what Play next names, and Add to queue after what was queued before', () => {
    const [, , third, fourth] = playFirst();
    bus.dispatch({ type: 'enqueue', track: byTitle(fourth!) });
    bus.dispatch({ type: 'playNext', track: byTitle(third!) });
    const last = next().at(-1)!;
    bus.dispatch({ type: 'enqueue', track: byTitle(last) });
    expect(next().slice(0, 3)).toEqual([third, fourth, last]);
    audio().end();
    expect(bus.state.current?.title).toBe(third);
    audio().end();
    expect(bus.state.current?.title).toBe(fourth);
    expect(next()[0]).toBe(last);
  });

  it('keeps the current track in its place in the queue while the rest moves', () => {
    playFirst();
    const before = bus.state.queue.findIndex((t) => t.title === bus.state.current?.title);
    bus.dispatch({ type: 'move', track: byTitle(next()[3]!), to: 0 });
    expect(bus.state.queue.findIndex((t) => t.title === bus.state.current?.title)).toBe(before);
  });

  it('moves a track to another place among the upcoming ones, and Next follows', () => {
    const order = playFirst();
    bus.dispatch({ type: 'move', track: byTitle(order[3]!), to: 1 });
    expect(next()).toEqual([order[0], order[3], order[1], order[2]]);
    bus.dispatch({ type: 'move', track: byTitle(order[0]!), to: 99 });
    expect(next()).toEqual([order[3], order[1], order[2], order[0]]);
    bus.dispatch({ type: 'next' });
    expect(bus.state.current?.title).toBe(order[3]);
  });

  it('takes a removed track out of the queue, and a change of library does not bring it back', async () => {
    const order = playFirst();
    bus.dispatch({ type: 'dequeue', track: byTitle(order[0]!) });
    expect(next()).toEqual(order.slice(1));
    const library = (engine as unknown as { options: PlayerEngineOptions }).options.library;
    await library.add(track('f'));
    expect(next()).not.toContain(order[0]);
    expect(next()).toContain('f');
    bus.dispatch({ type: 'playNext', track: byTitle(order[0]!) });
    expect(next()[0]).toBe(order[0]);
  });

  it('publishes the tracks that play next on the bus, following the current track', () => {
    startPlayer(FIVE);
    expect(bus.state.upNext).toEqual(bus.state.queue);
    const [first, second, ...rest] = bus.state.queue;
    bus.dispatch({ type: 'play', track: second! });
    expect(bus.state.upNext).toEqual([...rest, first]);
    audio().end();
    expect(bus.state.upNext).toEqual([...rest.slice(1), first, second]);
  });

  it('plays the second of two entries with the same audio address, in its turn', () => {
    const first = track('first');
    const second = { ...track('second'), audio: first.audio };
    startPlayer([first, second]);
    bus.dispatch({ type: 'play', track: second });
    expect(bus.state).toMatchObject({ current: second, playing: true });
    // The bus names the entry by its library key (contract 1.4), not by the shared audio.
    const secondKey = (bus.state.current as StoredTrack).key;
    expect(bus.state.currentKey).toBe(secondKey);
    audio().end();
    expect(bus.state).toMatchObject({ current: first, playing: true });
    expect(bus.state.currentKey).toBe((bus.state.current as StoredTrack).key);
    expect(bus.state.currentKey).not.toBe(secondKey);
    audio().end();
    expect(bus.state).toMatchObject({ current: second, playing: true });
    // SPEC §4: choosing the same audio again toggles, whichever entry holds it.
    bus.dispatch({ type: 'play', track: first });
    expect(bus.state).toMatchObject({ current: second, playing: false });
  });

  it('never removes or queues the playing track itself', () => {
    playFirst();
    const current = bus.state.current!;
    bus.dispatch({ type: 'dequeue', track: current });
    bus.dispatch({ type: 'playNext', track: current });
    expect(bus.state.queue).toHaveLength(5);
    expect(bus.state.current).toEqual(current);
  });

  it('keeps the queued tracks next when the owner plays another track', () => {
    const order = playFirst();
    bus.dispatch({ type: 'playNext', track: byTitle(order[2]!) });
    bus.dispatch({ type: 'play', track: byTitle(order[3]!) });
    expect(next()[0]).toBe(order[2]);
  });

  it('buffers the track queued with Play next near the end, not the one before', () => {
    const order = playFirst();
    audio().loadMetadata(100);
    audio().reach(60);
    bus.dispatch({ type: 'playNext', track: byTitle(order[3]!) });
    const standby = audios.find((element) => element !== audio())!;
    expect(standby.src).toBe(byTitle(order[3]!).audio);
  });

  it('offline, skips the tracks that are not kept, saying so once', () => {
    const kept = new Set<string>();
    const online = new BehaviorSubject(false);
    startPlayer(FIVE, {}, undefined, {
      playable: (t) => online.value || kept.has(t.audio),
      online$: online,
    });
    const [first, second, third, fourth] = bus.state.queue;
    kept.add(first!.audio).add(third!.audio).add(fourth!.audio);
    bus.dispatch({ type: 'play', track: first! });
    audio().end();
    expect(bus.state).toMatchObject({ current: third, error: OFFLINE_SKIP_MESSAGE });
    audio().end();
    expect(bus.state).toMatchObject({ current: fourth, error: null });
    audio().end();
    expect(bus.state).toMatchObject({ current: first, error: null });
    online.next(true);
    audio().end();
    expect(bus.state.current).toEqual(second);
  });

  it('loads a track whose load failed again on Play, where it was', () => {
    startPlayer(FIVE, { autoPlay: false });
    const [first] = bus.state.queue;
    bus.dispatch({ type: 'play', track: first! });
    audio().loadMetadata(100);
    audio().reach(30);
    audio().failLoad();
    expect(bus.state).toMatchObject({
      current: first,
      playing: false,
      error: playbackFailedMessage(first!),
    });
    // The network is back: Play fetches the track again and goes on from where it stopped.
    bus.dispatch({ type: 'toggle' });
    expect(bus.state).toMatchObject({ current: first, playing: true, error: null });
    audio().loadMetadata(100);
    expect(audio().currentTime).toBe(30);
  });

  it('offline, a track that is not kept fails for want of the network, and Play moves on to a kept one', () => {
    const kept = new Set<string>();
    startPlayer(FIVE, { autoPlay: false }, undefined, {
      playable: (t) => kept.has(t.audio),
      online$: new BehaviorSubject(false),
    });
    const [first, second] = bus.state.queue;
    kept.add(second!.audio);
    // The last session's track, shown paused as the page opened offline; its load fails.
    bus.dispatch({ type: 'play', track: first! });
    bus.dispatch({ type: 'toggle' });
    audio().failLoad();
    expect(bus.state).toMatchObject({
      current: first,
      playing: false,
      error: OFFLINE_SKIP_MESSAGE,
    });

    bus.dispatch({ type: 'toggle' });
    expect(bus.state).toMatchObject({
      current: second,
      playing: true,
      error: OFFLINE_SKIP_MESSAGE,
    });
  });

  it('offline with nothing kept, says once that nothing can play, as a track fails and on Play', () => {
    startPlayer(FIVE, {}, undefined, {
      playable: () => false,
      online$: new BehaviorSubject(false),
    });
    const [first] = bus.state.queue;
    bus.dispatch({ type: 'play', track: first! });
    bus.dispatch({ type: 'toggle' });
    audio().failLoad();
    expect(bus.state).toMatchObject({
      current: first,
      playing: false,
      error: NOTHING_KEPT_MESSAGE,
    });

    stop();
    startPlayer(FIVE, { autoPlay: false }, undefined, {
      playable: () => false,
      online$: new BehaviorSubject(false),
    });
    bus.dispatch({ type: 'play', track: bus.state.queue[0]! });
    bus.dispatch({ type: 'toggle' });
    audio().failLoad();
    expect(bus.state.error).toBe(OFFLINE_SKIP_MESSAGE);
    bus.dispatch({ type: 'toggle' });
    expect(bus.state).toMatchObject({ playing: false, error: NOTHING_KEPT_MESSAGE });
  });

  it('offline with nothing kept and nothing current, says so on each press of Play', () => {
    startPlayer(FIVE, { resume: false }, undefined, {
      playable: () => false,
      online$: new BehaviorSubject(false),
    });
    const errors: (string | null)[] = [];
    bus.state$.subscribe(({ error }) => errors.push(error));
    bus.dispatch({ type: 'toggle' });
    expect(bus.state).toMatchObject({ current: null, playing: false, error: NOTHING_KEPT_MESSAGE });
    // Pressed again, the message comes again: it clears first, so a dismissed one shows.
    errors.length = 0;
    bus.dispatch({ type: 'toggle' });
    expect(errors).toEqual([null, NOTHING_KEPT_MESSAGE]);
  });

  it('a failed track offline with nothing kept: each press of Play says so again', () => {
    startPlayer(FIVE, { autoPlay: false }, undefined, {
      playable: () => false,
      online$: new BehaviorSubject(false),
    });
    bus.dispatch({ type: 'play', track: bus.state.queue[0]! });
    audio().failLoad();
    bus.dispatch({ type: 'toggle' });
    expect(bus.state.error).toBe(NOTHING_KEPT_MESSAGE);
    const errors: (string | null)[] = [];
    bus.state$.subscribe(({ error }) => errors.push(error));
    errors.length = 0;
    bus.dispatch({ type: 'toggle' });
    expect(errors).toEqual([null, NOTHING_KEPT_MESSAGE]);
  });

  it('offline with nothing else kept, stops at the end with the notice', () => {
    const online = new BehaviorSubject(false);
    startPlayer(FIVE, {}, undefined, { playable: () => false, online$: online });
    const [first] = bus.state.queue;
    bus.dispatch({ type: 'play', track: first! });
    audio().end();
    expect(bus.state).toMatchObject({
      current: first,
      playing: false,
      error: OFFLINE_SKIP_MESSAGE,
    });
  });

  it("shows another device's session paused, unless the owner already pressed Play here", () => {
    startPlayer(FIVE);
    expect(engine.continueAt(FIVE[2]!, 30)).toBe(true);
    expect(bus.state).toMatchObject({ current: FIVE[2], playing: false });
    audio().loadMetadata(100);
    expect(audio().currentTime).toBe(30);
    expect(JSON.parse(localStorage.getItem(MUSIC_SESSION_KEY)!)).toEqual(FIVE[2]);
    bus.dispatch({ type: 'toggle' });
    expect(engine.continueAt(FIVE[3]!, 10)).toBe(false);
    expect(bus.state.current).toEqual(FIVE[2]);
  });
});

// One player per browser and a page's sleep (player-ownership.ts, page-lifecycle.ts).
describe('the music between tabs, and through a sleep', () => {
  const FIVE = ['a', 'b', 'c', 'd', 'e'].map(track);

  it('cues a track paused or playing at a position, and pauses on request', () => {
    startPlayer(FIVE);
    engine.cue(FIVE[1]!, 42, false);
    expect(bus.state).toMatchObject({ current: FIVE[1], position: 42, playing: false });
    audio().loadMetadata(100);
    expect(audio().currentTime).toBe(42);

    engine.cue(FIVE[3]!, 12, true);
    audio().loadMetadata(100);
    expect(bus.state).toMatchObject({ current: FIVE[3], playing: true });
    expect(audio().currentTime).toBe(12);
    expect(JSON.parse(localStorage.getItem(MUSIC_SESSION_KEY)!)).toEqual(FIVE[3]);
    engine.pause();
    expect(bus.state.playing).toBe(false);
    expect(audio().paused).toBe(true);
  });

  it('lets the ownership carry out a command instead', () => {
    const claimed: string[] = [];
    startPlayer(FIVE, {}, undefined, {
      claims: (command) => {
        claimed.push(command.type);
        return command.type === 'toggle';
      },
    });
    bus.dispatch({ type: 'toggle' });
    expect(bus.state.playing).toBe(false);
    bus.dispatch({ type: 'play', track: FIVE[0]! });
    expect(bus.state).toMatchObject({ current: FIVE[0], playing: true });
    expect(claimed).toEqual(['toggle', 'play']);
  });

  it('a paused track that fails leaves the next one paused: nothing starts by itself', () => {
    startPlayer(FIVE);
    bus.dispatch({ type: 'play', track: FIVE[0]! });
    bus.dispatch({ type: 'toggle' });
    expect(bus.state.playing).toBe(false);
    // The page slept; its host is gone as it wakes.
    audio().failLoad();
    expect(bus.state.current).not.toEqual(FIVE[0]);
    expect(bus.state).toMatchObject({ playing: false, error: playbackFailedMessage(FIVE[0]!) });
    expect(audios.every((each) => each.paused)).toBe(true);
  });
});
