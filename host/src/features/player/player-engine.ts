import { Subject, Subscription } from 'rxjs';
import type { Observable } from 'rxjs';
import { DEFAULT_PREFERENCES, sameTrack } from '@loofi/contracts';
import type {
  LibraryPort,
  PlayerCommand,
  Preferences,
  PreferencesStore,
  Track,
} from '@loofi/contracts';
import { upcoming } from '@loofi/contracts/player';
import type { PlayerBusController } from '@loofi/contracts/player';
import { crossfadeGains, Deck } from './decks';
import { gainToTarget } from './loudness/bs1770';
import type { AudioLike, RoutedAudio } from './decks';
import { completeQueue, insertAt, mergeQueue, neighbour, withUpcoming, without } from './queue';
import {
  readMusicSession,
  readPosition,
  readVolume,
  writeMusicSession,
  writePosition,
  writeVolume,
} from './player-storage';
import type { SleepControls } from './sleep-timer';
// stall: recovery from waits and failed hosts lives in its own module.
import { canSound, classifyByElement, StallRecovery } from './stall-recovery';
import type { FailureKind } from './stall-recovery';

export type { AudioLike, RoutedAudio } from './decks';

/** What the player asks of a loudness meter: a track's integrated loudness in LUFS, if known. */
export interface LoudnessSource {
  /** `background`: after whatever is asked for a track about to play. */
  loudnessOf(track: Track, options?: { background?: boolean }): Promise<number | null>;
}

export interface PlayerEngineOptions {
  bus: PlayerBusController;
  library: LibraryPort;
  preferences: PreferencesStore;
  /** Makes one of the player's two audio elements (called twice, at start). */
  createAudio: () => AudioLike;
  /**
   * Makes an element routed through Web Audio, for tracks 'Normalise volume' must turn up
   * (called twice, at start); without it such tracks play as mastered.
   */
  createRoutedAudio?: () => RoutedAudio;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  /** Measures tracks for 'Normalise volume'; without it every track plays as mastered. */
  loudness?: LoudnessSource;
  random?: () => number;
  now?: () => number;
  /** The owner asked the browser to save data: added tracks are not downloaded to be measured. */
  saveData?: () => boolean;
  /**
   * Whether a track can play now: offline, only the tracks kept offline. The queue skips the
   * others, saying so once (until `online$` says the network is back).
   */
  playable?: (track: Track) => boolean;
  online$?: Observable<boolean>;
  /** stall: whether the current element's failure is worth retrying (default: its error code). */
  classifyFailure?: (track: Track, audio: AudioLike) => FailureKind | Promise<FailureKind>;
}

/** How often, while playing, the position is saved for 'Continue where you left off'. */
const POSITION_SAVE_INTERVAL_MS = 5000;
export const SEEK_STEP_SECONDS = 5;
/**
 * How long before the current track's end the next one starts buffering: enough for a
 * few minutes of compressed audio on a slow phone network (Slow 4G: ~1.5 Mbit/s).
 */
export const PRELOAD_LEAD_SECONDS = 60;
/** How often a fade's gains are set; fine enough that a step is not heard. */
const FADE_STEP_MS = 50;
/**
 * A gapless hand-over starts the next track this long before the current one ends rather
 * than on its `ended` event, which arrives late (the element reports the end only on its
 * next time update): a few milliseconds of overlap, never a gap.
 */
const GAPLESS_LEAD_MS = 25;
/**
 * Tracks added to the library are measured in the background, each downloaded once, when
 * there are at most this many at once: an import of a whole library is measured as its
 * tracks are played instead.
 */
const MEASURE_ADDED_AT_MOST = 50;

export const OFFLINE_SKIP_MESSAGE =
  'You are offline: the tracks that are not kept offline are skipped.';

export const playbackFailedMessage = (track: Track) =>
  `“${track.title}” could not be played. Its audio may be missing or in a format this browser cannot play.`;

/** stall: a track that gave no audio for 15 s, left for the next one. */
export const skippedMessage = (track: Track) => `'${track.title}' could not be loaded: skipped.`;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The playback gain that brings a track measured at `lufs` to the target loudness
 * (−14 LUFS, `TARGET_LUFS`). An element's own volume cannot exceed 1: a quieter track is
 * turned up only on an element routed through Web Audio (`canAmplify`).
 */
export function playbackGain(lufs: number | null, canAmplify: boolean): number {
  if (lufs === null) return 1;
  const gain = gainToTarget(lufs);
  return canAmplify ? gain : Math.min(1, gain);
}

/**
 * The host's player: two audio elements for the whole page (one plays while the other
 * buffers the next track), driven by the commands on the bus and reporting its state there.
 * Queue, shuffle, `music-session`, resume, auto-next, gapless hand-over, crossfade, volume
 * normalisation, the sleep timer's fade and recovery from broken tracks live here
 * (ARCHITECTURE.md); remotes only dispatch.
 */
export class PlayerEngine implements SleepControls {
  private queue: Track[] | null = null;
  /** The queue holds only a sample of a large library, until the whole library arrives. */
  private sampled = false;
  private preferences: Preferences = DEFAULT_PREFERENCES;
  private pendingSeek = 0;
  private lastSave = 0;
  private failuresInARow = 0;
  private readonly subscriptions = new Subscription();
  private decks: [Deck, Deck] | null = null;
  private activeIndex: 0 | 1 = 0;
  private volume = 1;
  /** While one track fades into the next: the one fading out, and over how long. */
  private crossfade: { outgoing: Deck; seconds: number } | null = null;
  /** After a gapless hand-over: the track that still plays its last milliseconds. */
  private tail: Deck | null = null;
  /** The sleep timer's fade to silence: when it started and how long it takes. */
  private sleepFade: { start: number; ms: number } | null = null;
  private fadeTimer: ReturnType<typeof setInterval> | null = null;
  private handOverTimer: ReturnType<typeof setTimeout> | null = null;
  private stopAtEnd = false;
  private readonly stoppedAtEnd = new Subject<void>();
  /** The library's tracks (their audio) as last seen, to tell the ones just added. */
  private known: Set<string> | null = null;
  /** How many tracks after the current one the owner queued (Play next, Add to queue). */
  private queuedAhead = 0;
  /** Tracks the owner took out of the queue (by audio): a change of library does not bring them back. */
  private readonly removed = new Set<string>();
  /** The owner started playback on this page (another device's session no longer applies). */
  private startedHere = false;
  /** The last look for a neighbour passed over tracks that cannot play offline. */
  private skippedUnavailable = false;
  /** The owner was told that offline tracks are skipped, since the network went. */
  private offlineNoticeShown = false;
  // stall: created in start(), with the decks.
  private recovery!: StallRecovery;
  /** stall: tracks (by audio) whose file is gone or not audio: passed over until picked or online again. */
  private readonly failedTracks = new Set<string>();
  /** stall: the message of a next track dropped as it buffered, said when it would have played. */
  private droppedNotice: string | null = null;
  /** stall: the last failure's message, so a failure right after it names both tracks. */
  private lastFailure: string | null = null;
  readonly stoppedAtEndOfTrack$: Observable<void> = this.stoppedAtEnd.asObservable();

  constructor(private readonly options: PlayerEngineOptions) {}

  private get active(): Deck {
    return this.decks![this.activeIndex];
  }

  private get standby(): Deck {
    return this.decks![this.activeIndex === 0 ? 1 : 0];
  }

  /** The element playing the current track (tests and the page's media controls read it). */
  get audio(): AudioLike {
    return this.active.audio;
  }

  start(): () => void {
    const { bus, storage, library, preferences, createAudio, createRoutedAudio } = this.options;
    const deck = () => new Deck(createAudio(), createRoutedAudio?.() ?? null);
    this.decks = [deck(), deck()];
    // stall: waits shown as buffering, transient failures reloaded, dead tracks left.
    this.recovery = new StallRecovery({
      current: () =>
        this.active.track ? { audio: this.active.audio, track: this.active.track } : null,
      setBuffering: (buffering) => bus.setState({ buffering }),
      reload: (position) => this.reloadCurrent(position),
      giveUp: (track) => this.giveUp(track),
      online$: this.options.online$,
    });
    const volume = readVolume(storage);
    this.volume = volume.volume;
    for (const each of this.decks) {
      each.audio.preload = 'metadata';
      each.muted = volume.muted;
    }
    this.applyVolumes();
    bus.setState(volume);

    let restored = false;
    this.subscriptions.add(
      preferences.preferences$.subscribe((current) => {
        this.preferences = current;
        this.applyVolumes();
        if (!restored) {
          restored = true;
          this.restore();
        }
        this.prepareNext();
      }),
    );
    if (library.sample$) {
      // Subscribed first, so its short read is asked for before the whole library's.
      this.subscriptions.add(
        library.sample$.subscribe((sample) => {
          if (this.queue !== null) return;
          this.queue = this.notRemoved(sample);
          this.sampled = true;
          bus.setState({ queue: this.queue });
        }),
      );
    }
    this.subscriptions.add(
      library.tracks$.subscribe({
        next: (tracks) => {
          const queueable = this.notRemoved(tracks);
          this.queue =
            this.sampled && this.queue
              ? completeQueue(this.queue, queueable, this.options.random)
              : mergeQueue(this.queue, queueable, this.options.random);
          this.sampled = false;
          bus.setState({ queue: this.queue });
          this.prepareNext();
          this.measureAdded(tracks);
        },
        // A library that cannot be read (the site's data cleared under the page) leaves
        // the queue as it was; the tabs that show the library say so.
        error: () => undefined,
      }),
    );
    this.subscriptions.add(bus.commands$.subscribe((command) => this.handle(command)));
    if (this.options.online$) {
      this.subscriptions.add(
        this.options.online$.subscribe((online) => {
          if (!online) return;
          this.offlineNoticeShown = false;
          this.failedTracks.clear(); // stall: the network is back, failed tracks get another try.
          this.prepareNext();
        }),
      );
    }

    const detach = [
      // stall: first, so sound flowing again is known before the position is published.
      this.recovery.attach(this.decks.flatMap((deck) => deck.elements)),
      ...this.decks.map((deck) => this.listen(deck)),
    ];
    return () => {
      this.subscriptions.unsubscribe();
      for (const stop of detach) stop();
      this.stopFadeTimer();
      this.cancelHandOver();
      for (const deck of this.decks ?? []) deck.audio.pause();
    };
  }

  /** Saves where playback is, e.g. when the page is hidden or closed. */
  savePosition() {
    const { current } = this.options.bus.state;
    if (current) writePosition(this.options.storage, current, this.active.audio.currentTime);
  }

  handle(command: PlayerCommand) {
    const { bus, storage } = this.options;
    switch (command.type) {
      case 'play':
        return this.play(command.track);
      case 'toggle':
        return this.toggle();
      case 'next':
        return this.skip(1);
      case 'previous':
        return this.skip(-1);
      case 'seek': {
        this.endCrossfade();
        const { audio } = this.active;
        const end =
          Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : Infinity;
        const position = clamp(command.seconds, 0, end);
        audio.currentTime = position;
        bus.setState({ position });
        this.scheduleHandOver();
        return;
      }
      case 'volume': {
        this.volume = clamp(command.volume, 0, 1);
        this.applyVolumes();
        bus.setState({ volume: this.volume });
        return writeVolume(storage, { volume: this.volume, muted: this.active.audio.muted });
      }
      case 'mute':
        for (const deck of this.decks ?? []) deck.muted = command.muted;
        bus.setState({ muted: command.muted });
        return writeVolume(storage, { volume: this.volume, muted: command.muted });
      case 'playNext':
        return this.queueAfterCurrent(command.track, 'next');
      case 'enqueue':
        return this.queueAfterCurrent(command.track, 'last');
      case 'dequeue':
        return this.dequeue(command.track);
      case 'move':
        return this.move(command.track, command.to);
    }
  }

  /**
   * Another device's session: `track` at `position`, paused, as 'Continue where you left
   * off' shows it, unless the owner has already started playback on this page.
   */
  continueAt(track: Track, position: number): boolean {
    const { bus, storage } = this.options;
    if (!this.decks || this.startedHere || bus.state.playing) return false;
    this.endCrossfade();
    this.load(track, Math.max(0, position));
    writeMusicSession(storage, track);
    writePosition(storage, track, Math.max(0, position));
    return true;
  }

  // The queue as the owner shapes it: the tracks after the current one are its upcoming
  // tracks (wrapping around); those queued with Play next and Add to queue come first.

  private notRemoved(tracks: readonly Track[]): Track[] {
    return this.removed.size === 0
      ? [...tracks]
      : tracks.filter((track) => !this.removed.has(track.audio));
  }

  /** Changes the upcoming tracks; the current one keeps its place. */
  private editUpcoming(edit: (next: Track[]) => Track[]) {
    const { bus } = this.options;
    const { current } = bus.state;
    const queue = this.queue ?? [];
    this.queue = withUpcoming(queue, current, edit(upcoming(queue, current)));
    bus.setState({ queue: this.queue });
    this.prepareNext();
  }

  /** Play next (`next`) or Add to queue (`last`: after the tracks queued before). */
  private queueAfterCurrent(track: Track, where: 'next' | 'last') {
    if (sameTrack(track, this.options.bus.state.current)) return;
    this.removed.delete(track.audio);
    this.editUpcoming((next) => {
      const [rest, was] = without(next, track);
      if (was !== -1 && was < this.queuedAhead) this.queuedAhead -= 1;
      const place = where === 'next' ? 0 : this.queuedAhead;
      this.queuedAhead += 1;
      return insertAt(rest, track, place);
    });
  }

  private dequeue(track: Track) {
    if (sameTrack(track, this.options.bus.state.current)) return;
    this.removed.add(track.audio);
    this.editUpcoming((next) => {
      const [rest, was] = without(next, track);
      if (was !== -1 && was < this.queuedAhead) this.queuedAhead -= 1;
      return rest;
    });
  }

  private move(track: Track, to: number) {
    this.editUpcoming((next) => {
      const [rest, was] = without(next, track);
      if (was === -1) return next;
      const result = insertAt(rest, track, to);
      const now = result.indexOf(track);
      if (was < this.queuedAhead && now >= this.queuedAhead) this.queuedAhead -= 1;
      else if (was >= this.queuedAhead && now < this.queuedAhead) this.queuedAhead += 1;
      return result;
    });
  }

  /**
   * Before `track` becomes the current one: the queued tracks follow it. Reached in order,
   * one queued track is used up; played from elsewhere (a row, Previous), the queued tracks
   * move to play right after it.
   */
  private followQueue(track: Track) {
    if (this.queuedAhead === 0 || !this.queue) return;
    const { current } = this.options.bus.state;
    if (sameTrack(track, current)) return;
    const next = upcoming(this.queue, current);
    const at = next.findIndex((each) => sameTrack(each, track));
    if (at === -1) return;
    if (at < this.queuedAhead) {
      this.queuedAhead -= at + 1;
      return;
    }
    const queued = next.slice(0, this.queuedAhead);
    const rest = next.slice(this.queuedAhead);
    const after = rest.findIndex((each) => sameTrack(each, track));
    const reordered = [...rest.slice(0, after + 1), ...queued, ...rest.slice(after + 1)];
    this.queue = withUpcoming(this.queue, current, reordered);
    this.options.bus.setState({ queue: this.queue });
  }

  /**
   * The track `step` away from `from` in the queue that can play now; offline, the ones that
   * are not kept are passed over (and the owner is told once).
   */
  private neighbourOf(from: Track | null, step: 1 | -1): Track | null {
    const queue = this.queue ?? [];
    const { playable } = this.options;
    this.skippedUnavailable = false;
    // stall: tracks that failed for good are passed over too, without the offline notice.
    const failed = (track: Track) => this.failedTracks.has(track.audio);
    let candidate = neighbour(queue, from, step);
    for (
      let tried = 1;
      candidate && (failed(candidate) || (playable && !playable(candidate)));
      tried += 1
    ) {
      if (!failed(candidate)) this.skippedUnavailable = true;
      candidate = tried >= queue.length ? null : neighbour(queue, candidate, step);
      if (sameTrack(candidate, from)) candidate = null;
    }
    return candidate;
  }

  /**
   * What to tell the owner as the queue moves on past tracks that cannot play offline (the
   * last `neighbourOf` skipped some): the notice, once until the network is back.
   */
  private offlineNotice(): string | null {
    if (!this.skippedUnavailable || this.offlineNoticeShown) return null;
    this.offlineNoticeShown = true;
    return OFFLINE_SKIP_MESSAGE;
  }

  // The sleep timer's controls.

  fadeOutAndPause(durationMs: number) {
    this.sleepFade = { start: this.now(), ms: Math.max(1, durationMs) };
    this.startFadeTimer();
  }

  stopAtEndOfTrack(on: boolean) {
    this.stopAtEnd = on;
    if (on) this.endCrossfade();
    this.prepareNext();
  }

  private now() {
    return (this.options.now ?? Date.now)();
  }

  private listen(deck: Deck): () => void {
    return combine(deck.elements.map((element) => this.listenTo(deck, element)));
  }

  /** An element's events count while it holds its deck's track. */
  private listenTo(deck: Deck, audio: AudioLike): () => void {
    const held = (handler: () => void) => () => {
      if (audio === deck.audio) handler();
    };
    const onActive = (handler: () => void) =>
      held(() => {
        if (deck === this.active) handler();
      });
    const listeners: [string, () => void][] = [
      ['playing', onActive(() => this.onPlaying())],
      ['play', onActive(() => this.options.bus.setState({ playing: true }))],
      ['pause', onActive(() => this.onPause())],
      ['timeupdate', onActive(() => this.onTimeUpdate())],
      ['loadedmetadata', onActive(() => this.onMetadata())],
      ['durationchange', onActive(() => this.onMetadata())],
      ['ended', held(() => (deck === this.active ? this.onEnded() : this.onOutgoingEnded(deck)))],
      [
        'error',
        held(() => {
          deck.failed = true;
          if (deck === this.active) this.onError();
          else this.onStandbyError(deck); // stall: a next track that fails as it buffers
        }),
      ],
    ];
    for (const [type, listener] of listeners) audio.addEventListener(type, listener);
    return () => {
      for (const [type, listener] of listeners) audio.removeEventListener(type, listener);
    };
  }

  /** SPEC §4: the same audio again toggles; another track starts and becomes the session. */
  private play(track: Track, notice: string | null = null) {
    if (sameTrack(track, this.options.bus.state.current)) return this.toggle();
    this.failedTracks.delete(track.audio); // stall: picked by the owner, it is tried again.
    this.droppedNotice = null;
    this.startedHere = true;
    this.endCrossfade();
    this.load(track, 0, notice);
    writeMusicSession(this.options.storage, track);
    this.resume();
  }

  private toggle() {
    const { bus } = this.options;
    const { current } = bus.state;
    if (!current) {
      const first = this.neighbourOf(null, 1);
      if (first) this.play(first);
      return;
    }
    // stall: a track being ridden out pauses like any other; a failed one loads again.
    if (this.active.failed && !this.recovery.troubled) return this.retry(current);
    if (this.active.audio.paused) {
      this.startedHere = true;
      bus.setState({ error: null });
      this.resume();
    } else {
      // Pausing during a crossfade pauses both tracks; playing again resumes the fade.
      this.crossfade?.outgoing.audio.pause();
      this.active.audio.pause();
    }
  }

  /**
   * Play on a track whose load failed (an element in that state plays nothing): offline and
   * not kept, the next track that can play, saying why; otherwise the same track, loaded
   * again where it was (the network may be back, the host up again).
   */
  private retry(current: Track) {
    const { bus, playable } = this.options;
    if (playable && !playable(current)) {
      const next = this.neighbourOf(current, 1);
      this.offlineNoticeShown = true;
      if (next && !sameTrack(next, current)) this.play(next, OFFLINE_SKIP_MESSAGE);
      else bus.setState({ playing: false, error: OFFLINE_SKIP_MESSAGE });
      return;
    }
    this.startedHere = true;
    this.load(current, bus.state.position);
    this.resume();
  }

  private skip(step: 1 | -1) {
    const next = this.neighbourOf(this.options.bus.state.current, step);
    if (next) this.play(next, this.offlineNotice());
  }

  /** Puts `track` on the playing deck (the buffered one, when it holds that very track). */
  private load(track: Track, position: number, error: string | null = null) {
    const { bus } = this.options;
    this.cancelHandOver();
    this.recovery.reset(); // stall: a new track starts with no trouble.
    this.followQueue(track);
    this.pendingSeek = position;
    if (position === 0 && sameTrack(this.standby.track, track) && !this.standby.failed) {
      this.active.clear();
      this.activeIndex = this.activeIndex === 0 ? 1 : 0;
    } else {
      this.active.load(track, 'metadata');
      this.measure(this.active);
    }
    this.applyVolumes();
    const { duration } = this.active.audio;
    bus.setState({
      current: track,
      position,
      duration: Number.isFinite(duration) && position === 0 ? duration : 0,
      error,
      playing: false,
    });
    this.prepareNext();
  }

  private resume() {
    const { bus } = this.options;
    this.crossfade?.outgoing.audio.play().catch(() => undefined);
    this.active.audio.play().catch((error: unknown) => {
      // A refused autoplay leaves the player paused, ready for a click; a broken source
      // also fires 'error', which is handled there.
      if (error instanceof DOMException && error.name === 'NotAllowedError') {
        bus.setState({ playing: false });
      }
    });
  }

  /** 'Continue where you left off': the last track at its position, paused. */
  private restore() {
    if (!this.preferences.resume) return;
    const track = readMusicSession(this.options.storage);
    if (track) this.load(track, readPosition(this.options.storage, track));
  }

  /** The track that plays after the current one ends, if one should. */
  private upNext(): Track | null {
    if (!this.preferences.autoPlay || this.stopAtEnd) return null;
    return this.neighbourOf(this.options.bus.state.current, 1);
  }

  /**
   * Buffers the next track on the other deck once the current one is near its end, so the
   * hand-over waits for no network; a change of queue or of preference re-decides.
   */
  private prepareNext() {
    if (!this.decks || this.crossfade || this.tail) return;
    const next = this.upNext();
    const { standby } = this;
    if (!next) {
      if (standby.track) standby.clear();
      return;
    }
    if (sameTrack(standby.track, next)) return;
    const lead = PRELOAD_LEAD_SECONDS + this.crossfadeSeconds();
    if (this.active.remaining > lead) {
      if (standby.track) standby.clear();
      return;
    }
    standby.load(next, 'auto');
    this.measure(standby);
    this.applyVolumes();
    this.scheduleHandOver();
  }

  private crossfadeSeconds(): number {
    return clamp(this.preferences.crossfade ?? 0, 0, 60);
  }

  /** Asks for a track's loudness; it is used from the next time the track starts. */
  private measure(deck: Deck) {
    const { loudness } = this.options;
    const track = deck.track;
    if (!loudness || !track) return;
    loudness
      .loudnessOf(track)
      .then((lufs) => {
        // Not while it is heard: a jump in the middle of a track is worse than none.
        const heard = deck === this.active && deck.audio.currentTime > 0.5;
        if (deck.track !== track || heard || lufs === null) return;
        // A measured track is readable (its host allows CORS): one quieter than the target
        // moves to the element routed through Web Audio, which can turn it up.
        if (gainToTarget(lufs) > 1 && this.options.createRoutedAudio && !deck.canAmplify) {
          const playing = !deck.audio.paused;
          deck.load(track, deck === this.active ? 'metadata' : 'auto', { routed: true });
          if (playing) deck.audio.play().catch(() => undefined);
        }
        deck.gain = playbackGain(lufs, deck.canAmplify);
        this.applyVolumes();
      })
      .catch(() => undefined);
  }

  /**
   * 'Normalise volume' measures a track when it is added, not only when first played. The
   * library's tracks are told apart by their audio, as the queue does: cheap enough for a
   * library of 100,000 read again after every batch of an import.
   */
  private measureAdded(tracks: readonly Track[]) {
    const { loudness, saveData } = this.options;
    const audios = new Set(tracks.map((track) => track.audio));
    const before = this.known;
    this.known = audios;
    if (!loudness || !before || audios.size - before.size > MEASURE_ADDED_AT_MOST) return;
    if (saveData?.() === true) return;
    const added = tracks.filter((track) => !before.has(track.audio));
    if (added.length === 0 || added.length > MEASURE_ADDED_AT_MOST) return;
    for (const track of added) loudness.loudnessOf(track, { background: true }).catch(() => null);
  }

  /** Sets each element's volume: the owner's, the track's normalisation, fades. */
  private applyVolumes() {
    if (!this.decks) return;
    const normalise = this.preferences.normalize ?? true;
    const gainOf = (deck: Deck) => (normalise ? deck.gain : 1);
    const sleep = this.sleepFactor();
    const fade = this.crossfade ? crossfadeGains(this.crossfadeProgress()) : null;
    this.active.setVolume(this.volume * gainOf(this.active) * sleep * (fade ? fade.incoming : 1));
    if (this.crossfade && fade) {
      const { outgoing } = this.crossfade;
      outgoing.setVolume(this.volume * gainOf(outgoing) * sleep * fade.outgoing);
    } else if (this.standby.track) {
      this.standby.setVolume(this.volume * gainOf(this.standby) * sleep);
    }
  }

  /** How far the crossfade has come, by the incoming track's own clock (a pause holds it). */
  private crossfadeProgress(): number {
    if (!this.crossfade) return 1;
    return this.active.audio.currentTime / this.crossfade.seconds;
  }

  private sleepFactor(): number {
    if (!this.sleepFade) return 1;
    const progress = (this.now() - this.sleepFade.start) / this.sleepFade.ms;
    return crossfadeGains(progress).outgoing;
  }

  private startFadeTimer() {
    if (this.fadeTimer !== null) return;
    this.fadeTimer = setInterval(() => this.onFadeStep(), FADE_STEP_MS);
    this.onFadeStep();
  }

  private stopFadeTimer() {
    if (this.fadeTimer === null) return;
    clearInterval(this.fadeTimer);
    this.fadeTimer = null;
  }

  private onFadeStep() {
    if (this.crossfade && this.crossfadeProgress() >= 1) this.endCrossfade();
    if (this.sleepFade && this.now() - this.sleepFade.start >= this.sleepFade.ms) {
      this.sleepFade = null;
      this.crossfade?.outgoing.audio.pause();
      this.active.audio.pause();
      this.endCrossfade();
    }
    this.applyVolumes();
    if (!this.crossfade && !this.sleepFade) this.stopFadeTimer();
  }

  /**
   * Starts the next track now, fading the current one out over `seconds` (0: at once); before
   * the current one's end (`atEnd` false), only once the next one can sound.
   */
  private handOver(seconds: number, atEnd = false) {
    this.cancelHandOver();
    const next = this.upNext();
    const incoming = this.standby;
    const outgoing = this.active;
    if (!next || !sameTrack(incoming.track, next) || this.crossfade) return;
    // stall: never fade into silence; the current track plays on to its end meanwhile.
    if (!atEnd && (incoming.failed || !canSound(incoming.audio))) return;
    const notice = this.offlineNotice() ?? this.takeDroppedNotice();
    const { bus, storage } = this.options;
    if (outgoing.track) writePosition(storage, outgoing.track, 0);
    if (incoming.failed) {
      // stall: it failed for a moment as it buffered: loaded afresh, and ridden out as it plays.
      this.load(next, 0, notice);
      writeMusicSession(storage, next);
      this.resume();
      return;
    }
    this.followQueue(next);
    this.recovery.reset(); // stall: a new track starts with no trouble.
    this.activeIndex = this.activeIndex === 0 ? 1 : 0;
    if (seconds > 0) {
      this.crossfade = { outgoing, seconds };
      this.startFadeTimer();
    } else if (!outgoing.audio.paused && outgoing.remaining > 0) {
      // Started a moment early: the last milliseconds of this track still play out.
      this.tail = outgoing;
    } else {
      outgoing.clear();
    }
    this.pendingSeek = 0;
    this.applyVolumes();
    const { duration } = incoming.audio;
    // From the moment the fade starts, the incoming track is the current one.
    bus.setState({
      current: next,
      position: 0,
      duration: Number.isFinite(duration) ? duration : 0,
      error: notice,
    });
    writeMusicSession(storage, next);
    this.resume();
  }

  /** Ends a crossfade now: the outgoing track stops, the incoming one plays at full gain. */
  private endCrossfade() {
    this.endTail();
    if (!this.crossfade) return;
    const { outgoing } = this.crossfade;
    this.crossfade = null;
    outgoing.clear();
    this.applyVolumes();
    this.prepareNext();
  }

  private onOutgoingEnded(deck: Deck) {
    if (this.crossfade?.outgoing === deck) this.endCrossfade();
    if (this.tail === deck) this.endTail();
  }

  private endTail() {
    if (!this.tail) return;
    this.tail.clear();
    this.tail = null;
    this.prepareNext();
  }

  /**
   * Times the hand-over from the current position: the crossfade's start, or a gapless
   * start a moment before the end (time updates come only every quarter second or so).
   */
  private scheduleHandOver() {
    this.cancelHandOver();
    const { audio } = this.active;
    if (audio.paused || this.crossfade || !this.upNext()) return;
    const remaining = this.active.remaining;
    if (!Number.isFinite(remaining)) return;
    const seconds = this.crossfadeSeconds();
    const startIn = seconds > 0 ? remaining - seconds : remaining - GAPLESS_LEAD_MS / 1000;
    // Far from the end, the next time update schedules it again, more precisely.
    if (startIn > 1) return;
    this.handOverTimer = setTimeout(
      () => this.handOver(Math.min(seconds, this.active.remaining)),
      Math.max(0, startIn * 1000),
    );
  }

  private cancelHandOver() {
    if (this.handOverTimer === null) return;
    clearTimeout(this.handOverTimer);
    this.handOverTimer = null;
  }

  private onPlaying() {
    this.failuresInARow = 0;
    this.options.bus.setState({ playing: true });
    this.scheduleHandOver();
  }

  private onPause() {
    this.cancelHandOver();
    this.options.bus.setState({ playing: false });
    this.savePosition();
  }

  private onTimeUpdate() {
    const { bus } = this.options;
    const { audio } = this.active;
    if (this.recovery.holdsPosition) return; // stall: reloading, the element is not where the track is.
    bus.setState({ position: audio.currentTime });
    const now = this.now();
    if (!audio.paused && now - this.lastSave >= POSITION_SAVE_INTERVAL_MS) {
      this.lastSave = now;
      this.savePosition();
    }
    this.prepareNext();
    this.scheduleHandOver();
  }

  private onMetadata() {
    const { bus } = this.options;
    const { audio } = this.active;
    if (this.pendingSeek > 0 && Number.isFinite(audio.duration)) {
      audio.currentTime = Math.min(this.pendingSeek, Math.max(0, audio.duration - 1));
      this.pendingSeek = 0;
    }
    if (this.recovery.holdsPosition) {
      // stall: reloading: a known length is said, the position stays the track's.
      if (Number.isFinite(audio.duration)) bus.setState({ duration: audio.duration });
    } else {
      bus.setState({
        duration: Number.isFinite(audio.duration) ? audio.duration : 0,
        position: audio.currentTime,
      });
    }
    this.prepareNext();
  }

  /**
   * 'Automatically play another music': the next track of the queue, never the same one,
   * already buffered on the other deck when it could be; the sleep timer's "End of track"
   * stops here instead.
   */
  private onEnded() {
    const { bus, storage } = this.options;
    const { current } = bus.state;
    if (current) writePosition(storage, current, 0);
    if (this.stopAtEnd) {
      bus.setState({ playing: false });
      this.stoppedAtEnd.next();
      return;
    }
    const next = this.upNext();
    if (next && sameTrack(this.standby.track, next)) return this.handOver(0, true);
    bus.setState({ playing: false });
    if (next) this.skip(1);
    else if (this.preferences.autoPlay) {
      // Offline with nothing kept after it: the owner learns why the music stopped.
      const notice = this.offlineNotice();
      if (notice) bus.setState({ error: notice });
    }
  }

  // stall: a failure is ridden out unless the file is gone or not audio (or offline, for 15 s).
  private onError() {
    const { current } = this.options.bus.state;
    if (!current) return;
    const { playable } = this.options;
    const audio = this.active.audio;
    // Nothing was playing: nothing to ride out.
    if (audio.paused) return this.leave(current);
    const offline = playable !== undefined && !playable(current);
    this.recovery.failed(
      () => (offline ? 'transient' : this.classify(current, audio)),
      () => this.leave(current),
    );
  }

  // stall: loads the current track again where it stopped, and plays on.
  private reloadCurrent(position: number) {
    const deck = this.active;
    if (!deck.track) return;
    deck.failed = false;
    this.pendingSeek = position;
    deck.audio.src = deck.track.audio;
    this.resume();
  }

  // stall: no audio for 15 s; offline, the track that is not kept goes as before.
  private giveUp(track: Track) {
    const { playable } = this.options;
    const offline = playable !== undefined && !playable(track);
    this.active.audio.pause();
    this.leave(track, offline ? OFFLINE_SKIP_MESSAGE : skippedMessage(track));
  }

  // stall: a next track whose file is gone or not audio is dropped as it buffers, and the
  // one after it is buffered instead; one that failed for a moment is tried as it starts.
  private onStandbyError(deck: Deck) {
    const track = deck.track;
    if (!track || this.crossfade || this.tail) return;
    const act = (kind: FailureKind) => {
      if (deck.track !== track || deck !== this.standby || kind !== 'fatal') return;
      this.failedTracks.add(track.audio);
      this.droppedNotice = playbackFailedMessage(track);
      deck.clear();
      this.prepareNext();
    };
    const kind = this.classify(track, deck.audio);
    if (typeof kind === 'string') act(kind);
    else kind.then(act, () => undefined);
  }

  // stall: the host's word when there is a probe, else the element's.
  private classify(track: Track, audio: AudioLike): FailureKind | Promise<FailureKind> {
    const { classifyFailure } = this.options;
    return classifyFailure ? classifyFailure(track, audio) : classifyByElement(audio);
  }

  private takeDroppedNotice(): string | null {
    const notice = this.droppedNotice;
    this.droppedNotice = null;
    return notice;
  }

  /** Moves on from a track that cannot play, saying why. */
  private leave(current: Track, reason?: string) {
    const { bus } = this.options;
    this.endCrossfade();
    this.failuresInARow += 1;
    // Offline, a track that is not kept fails for want of the network, not of its file.
    const { playable } = this.options;
    const offline = playable !== undefined && !playable(current);
    if (offline) this.offlineNoticeShown = true;
    else this.failedTracks.add(current.audio); // stall: not tried again on every lap.
    const failure = reason ?? (offline ? OFFLINE_SKIP_MESSAGE : playbackFailedMessage(current));
    // stall: a track that fails right after another names both.
    const before = this.failuresInARow > 1 ? this.lastFailure : null;
    this.lastFailure = failure;
    const message = before && before !== failure ? `${before} ${failure}` : failure;
    bus.setState({ playing: false, error: message });
    // Move on, but stop once every track of the queue has failed in a row.
    if (this.preferences.autoPlay && this.failuresInARow < (this.queue?.length ?? 0)) {
      const next = this.neighbourOf(current, 1);
      if (next) {
        // The message stays up while the next track starts.
        this.load(next, 0, message);
        writeMusicSession(this.options.storage, next);
        this.resume();
      }
    }
  }
}

function combine(stops: readonly (() => void)[]): () => void {
  return () => {
    for (const stop of stops) stop();
  };
}
