import { Subject, Subscription } from 'rxjs';
import type { Observable } from 'rxjs';
import { DEFAULT_PREFERENCES, sameTrack } from '@loofi/contracts';
import type {
  LibraryPort,
  PlayerCommand,
  PlayerState,
  Preferences,
  PreferencesStore,
  Track,
} from '@loofi/contracts';
import type { PlayerBusController } from '@loofi/contracts/player';
import { PlayQueue, sameEntry } from './play-queue';
import { storagePersistence } from './player-persistence';
import type { PlayerPersistence } from './player-persistence';
import type { SleepControls } from './sleep-timer';
import { Transport } from './transport';
import type { TransportOptions } from './transport';

export type { AudioLike, RoutedAudio } from './decks';
export { playbackGain } from './normaliser';
export type { LoudnessSource } from './normaliser';

export interface PlayerEngineOptions extends TransportOptions {
  bus: PlayerBusController;
  library: LibraryPort;
  preferences: PreferencesStore;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  random?: () => number;
  /** The owner asked the browser to save data: added tracks are not downloaded to be measured. */
  saveData?: () => boolean;
  /**
   * Whether a track can play now: offline, only the tracks kept offline. The queue skips the
   * others, saying so once (until `online$` says the network is back).
   */
  playable?: (track: Track) => boolean;
  online$?: Observable<boolean>;
}

/** How often, while playing, the position is saved for 'Continue where you left off'. */
const POSITION_SAVE_INTERVAL_MS = 5000;
export const SEEK_STEP_SECONDS = 5;
/**
 * How long before the current track's end the next one starts buffering: enough for a
 * few minutes of compressed audio on a slow phone network (Slow 4G: ~1.5 Mbit/s).
 */
export const PRELOAD_LEAD_SECONDS = 60;
export const OFFLINE_SKIP_MESSAGE =
  'You are offline: the tracks that are not kept offline are skipped.';

export const playbackFailedMessage = (track: Track) =>
  `“${track.title}” could not be played. Its audio may be missing or in a format this browser cannot play.`;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The host's player, wiring three parts to the bus: the play order (`PlayQueue`), how it
 * sounds (`Transport`: decks, hand-over, crossfade, fades, gains) and what it keeps
 * (`PlayerPersistence`). It decides what plays and when: commands, resume, auto-next,
 * recovery from broken tracks; remotes only dispatch (ARCHITECTURE.md).
 */
export class PlayerEngine implements SleepControls {
  private readonly queue: PlayQueue;
  private readonly store: PlayerPersistence;
  private readonly transport: Transport;
  private preferences: Preferences = DEFAULT_PREFERENCES;
  private lastSave = 0;
  private failuresInARow = 0;
  private readonly subscriptions = new Subscription();
  private volume = 1;
  private stopAtEnd = false;
  private readonly stoppedAtEnd = new Subject<void>();
  /** The owner started playback on this page (another device's session no longer applies). */
  private startedHere = false;
  readonly stoppedAtEndOfTrack$: Observable<void> = this.stoppedAtEnd.asObservable();

  constructor(private readonly options: PlayerEngineOptions) {
    this.queue = new PlayQueue(options.random, options.playable);
    this.store = storagePersistence(options.storage);
    this.transport = new Transport(options, {
      playing: () => this.onPlaying(),
      play: () => options.bus.setState({ playing: true }),
      pause: () => this.onPause(),
      timeUpdate: () => this.onTimeUpdate(),
      metadata: () => this.onMetadata(),
      ended: () => this.onEnded(),
      error: () => this.onError(),
      handOverDue: (seconds) => this.handOver(seconds),
      settled: () => this.prepareNext(),
    });
  }

  /** The element playing the current track (tests and the page's media controls read it). */
  get audio() {
    return this.transport.active.audio;
  }

  start(): () => void {
    const { bus, library, preferences } = this.options;
    const volume = this.store.volume();
    this.volume = volume.volume;
    const stopTransport = this.transport.start(volume);
    bus.setState(volume);

    let restored = false;
    this.subscriptions.add(
      preferences.preferences$.subscribe((current) => {
        this.preferences = current;
        this.transport.setLevels({
          normalise: current.normalize ?? true,
          crossfadeSeconds: clamp(current.crossfade ?? 0, 0, 60),
        });
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
          if (this.queue.fromSample(sample)) this.publishQueue();
        }),
      );
    }
    this.subscriptions.add(
      library.tracks$.subscribe({
        next: (tracks) => {
          this.queue.fromLibrary(tracks);
          this.followEdit();
          this.publishQueue();
          this.transport.normaliser.measureAdded(tracks, this.options.saveData?.() === true);
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
          this.queue.online();
          this.prepareNext();
        }),
      );
    }
    return () => {
      this.subscriptions.unsubscribe();
      stopTransport();
    };
  }

  /** Saves where playback is, e.g. when the page is hidden or closed. */
  savePosition() {
    const { current } = this.options.bus.state;
    if (current) this.store.savePosition(current, this.audio.currentTime);
  }

  handle(command: PlayerCommand) {
    const { bus } = this.options;
    const { current } = bus.state;
    switch (command.type) {
      case 'play':
        // SPEC §4: the owner choosing the same audio again toggles, whichever entry holds it.
        if (sameTrack(command.track, current)) return this.toggle();
        // The queue's own entry: its library key tells apart two entries of one audio.
        return this.play(this.queue.find(command.track) ?? command.track);
      case 'toggle':
        return this.toggle();
      case 'next':
        return this.skip(1);
      case 'previous':
        return this.skip(-1);
      case 'seek':
        bus.setState({ position: this.transport.seek(command.seconds) });
        return this.scheduleHandOver();
      case 'volume':
        this.volume = clamp(command.volume, 0, 1);
        this.transport.setVolume(this.volume);
        bus.setState({ volume: this.volume });
        return this.store.saveVolume({ volume: this.volume, muted: this.transport.muted });
      case 'mute':
        this.transport.setMuted(command.muted);
        bus.setState({ muted: command.muted });
        return this.store.saveVolume({ volume: this.volume, muted: command.muted });
      case 'playNext':
      case 'enqueue': {
        const where = command.type === 'playNext' ? 'next' : 'last';
        if (this.queue.queueAfter(current, command.track, where)) this.publishQueue();
        return;
      }
      case 'dequeue':
        if (this.queue.remove(current, command.track)) this.publishQueue();
        return;
      case 'move':
        this.queue.move(current, command.track, command.to);
        return this.publishQueue();
    }
  }

  /**
   * Another device's session: `track` at `position`, paused, as 'Continue where you left
   * off' shows it, unless the owner has already started playback on this page.
   */
  continueAt(track: Track, position: number): boolean {
    const { bus } = this.options;
    if (!this.transport.started || this.startedHere || bus.state.playing) return false;
    this.transport.endCrossfade();
    this.load(track, Math.max(0, position));
    this.store.saveTrack(track);
    this.store.savePosition(track, Math.max(0, position));
    return true;
  }

  // The sleep timer's controls.

  fadeOutAndPause(durationMs: number) {
    this.transport.fadeOutAndPause(durationMs);
  }

  stopAtEndOfTrack(on: boolean) {
    this.stopAtEnd = on;
    if (on) this.transport.endCrossfade();
    this.prepareNext();
  }

  /** Says the queue's order and what plays next; the current track's changes say it too. */
  private publishQueue() {
    this.setState({ queue: this.queue.tracks });
    this.prepareNext();
  }

  /** The bus's state, with the up-next list whenever the current track or the order moves. */
  private setState(patch: Partial<PlayerState>) {
    const { bus } = this.options;
    if (!('current' in patch) && !('queue' in patch)) return bus.setState(patch);
    const current = 'current' in patch ? (patch.current ?? null) : bus.state.current;
    bus.setState({ ...patch, upNext: this.queue.upNext(current) });
  }

  /**
   * The current track as the library holds it now: an edit (title, author, cover) shows at
   * once, and a new audio address plays the new file from where the old one was.
   */
  private followEdit() {
    const { current } = this.options.bus.state;
    const entry = this.queue.find(current);
    if (!current || !entry || entry === current || !this.transport.started) return;
    const edited = (['title', 'author', 'audio', 'image'] as const).some(
      (field) => entry[field] !== current[field],
    );
    const keyed = (entry as { key?: string }).key !== (current as { key?: string }).key;
    if (!edited && !keyed) return;
    this.setState({ current: entry });
    const { active, standby } = this.transport;
    for (const deck of [active, standby]) {
      if (sameEntry(deck.track, entry) && deck.track?.audio === entry.audio) deck.track = entry;
    }
    if (!edited) return;
    this.store.saveTrack(entry);
    if (entry.audio === current.audio) return;
    this.store.savePosition(entry, active.audio.currentTime);
    if (this.transport.reload(entry)) this.resume();
  }

  /** Before `track` becomes the current one: the queued tracks follow it. */
  private followQueue(track: Track) {
    if (this.queue.follow(this.options.bus.state.current, track)) {
      this.setState({ queue: this.queue.tracks });
    }
  }

  private neighbourOf(from: Track | null, step: 1 | -1): Track | null {
    return this.queue.neighbourOf(from, step);
  }

  private offlineNotice(): string | null {
    return this.queue.offlineNotice(OFFLINE_SKIP_MESSAGE);
  }

  /** SPEC §4: the same track again toggles; another track starts and becomes the session. */
  private play(track: Track, notice: string | null = null) {
    if (sameEntry(track, this.options.bus.state.current)) return this.toggle();
    this.startedHere = true;
    this.transport.endCrossfade();
    this.load(track, 0, notice);
    this.store.saveTrack(track);
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
    if (this.transport.active.failed) return this.retry(current);
    if (this.audio.paused) {
      this.startedHere = true;
      bus.setState({ error: null });
      this.resume();
    } else {
      this.transport.pause();
    }
  }

  /**
   * Play on a track whose load failed (an element in that state plays nothing): offline and
   * not kept, the next track that can play, saying why; otherwise the same track, loaded
   * again where it was (the network may be back, the host up again).
   */
  private retry(current: Track) {
    const { bus } = this.options;
    if (!this.queue.canPlay(current)) {
      const next = this.neighbourOf(current, 1);
      this.queue.offlineNoticeGiven();
      if (next && !sameEntry(next, current)) this.play(next, OFFLINE_SKIP_MESSAGE);
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

  /** Makes `track` the current one, at `position`, paused until `resume`. */
  private load(track: Track, position: number, error: string | null = null) {
    this.followQueue(track);
    this.transport.load(track, position, sameEntry);
    const { duration } = this.audio;
    this.setState({
      current: track,
      position,
      duration: Number.isFinite(duration) && position === 0 ? duration : 0,
      error,
      playing: false,
    });
    this.prepareNext();
  }

  private resume() {
    // A refused autoplay leaves the player paused, ready for a click.
    this.transport.resume(() => this.options.bus.setState({ playing: false }));
  }

  /** 'Continue where you left off': the last track at its position, paused. */
  private restore() {
    if (!this.preferences.resume) return;
    const last = this.store.lastSession();
    if (last) this.load(last.track, last.position);
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
    const { transport } = this;
    if (!transport.started || transport.busy) return;
    const next = this.upNext();
    const { standby } = transport;
    if (next && sameEntry(standby.track, next) && standby.track?.audio === next.audio) return;
    const lead = PRELOAD_LEAD_SECONDS + transport.fadeSeconds;
    if (!next || transport.active.remaining > lead) return transport.buffer(null);
    transport.buffer(next);
    this.scheduleHandOver();
  }

  private scheduleHandOver() {
    this.transport.scheduleHandOver(this.upNext() !== null);
  }

  /** Starts the next track now, fading the current one out over `seconds` (0: at once). */
  private handOver(seconds: number) {
    const { transport } = this;
    transport.cancelHandOver();
    const next = this.upNext();
    const incoming = transport.standby;
    const outgoing = transport.active;
    if (!next || !sameEntry(incoming.track, next) || transport.crossfading) return;
    const notice = this.offlineNotice();
    if (outgoing.track) this.store.savePosition(outgoing.track, 0);
    if (incoming.failed) {
      // The next track is broken: say so and move on to the one after it, as before.
      this.failuresInARow += 1;
      this.skipBroken(next);
      return;
    }
    this.followQueue(next);
    transport.handOver(seconds);
    const { duration } = incoming.audio;
    // From the moment the fade starts, the incoming track is the current one.
    this.setState({
      current: next,
      position: 0,
      duration: Number.isFinite(duration) ? duration : 0,
      error: notice,
    });
    this.store.saveTrack(next);
    this.resume();
  }

  private skipBroken(broken: Track) {
    const after = this.neighbourOf(broken, 1);
    if (after && this.failuresInARow < this.queue.tracks.length && !sameEntry(after, broken)) {
      this.load(after, 0, playbackFailedMessage(broken));
      this.store.saveTrack(after);
      this.resume();
    } else {
      this.options.bus.setState({ playing: false, error: playbackFailedMessage(broken) });
    }
  }

  private onPlaying() {
    this.failuresInARow = 0;
    this.options.bus.setState({ playing: true });
    this.scheduleHandOver();
  }

  private onPause() {
    this.transport.cancelHandOver();
    this.options.bus.setState({ playing: false });
    this.savePosition();
  }

  private onTimeUpdate() {
    const { audio } = this;
    this.options.bus.setState({ position: audio.currentTime });
    const now = (this.options.now ?? Date.now)();
    if (!audio.paused && now - this.lastSave >= POSITION_SAVE_INTERVAL_MS) {
      this.lastSave = now;
      this.savePosition();
    }
    this.prepareNext();
    this.scheduleHandOver();
  }

  private onMetadata() {
    this.transport.seekPending();
    const { audio } = this;
    this.options.bus.setState({
      duration: Number.isFinite(audio.duration) ? audio.duration : 0,
      position: audio.currentTime,
    });
    this.prepareNext();
  }

  /**
   * 'Automatically play another music': the next track of the queue, never the same one,
   * already buffered on the other deck when it could be; the sleep timer's "End of track"
   * stops here instead.
   */
  private onEnded() {
    const { bus } = this.options;
    const { current } = bus.state;
    if (current) this.store.savePosition(current, 0);
    if (this.stopAtEnd) {
      bus.setState({ playing: false });
      this.stoppedAtEnd.next();
      return;
    }
    const next = this.upNext();
    if (next && sameEntry(this.transport.standby.track, next)) return this.handOver(0);
    bus.setState({ playing: false });
    if (next) this.skip(1);
    else if (this.preferences.autoPlay) {
      // Offline with nothing kept after it: the owner learns why the music stopped.
      const notice = this.offlineNotice();
      if (notice) bus.setState({ error: notice });
    }
  }

  private onError() {
    const { bus } = this.options;
    const { current } = bus.state;
    if (!current) return;
    this.transport.endCrossfade();
    this.failuresInARow += 1;
    // Offline, a track that is not kept fails for want of the network, not of its file.
    const offline = !this.queue.canPlay(current);
    if (offline) this.queue.offlineNoticeGiven();
    const message = offline ? OFFLINE_SKIP_MESSAGE : playbackFailedMessage(current);
    bus.setState({ playing: false, error: message });
    // Move on, but stop once every track of the queue has failed in a row.
    if (this.preferences.autoPlay && this.failuresInARow < this.queue.tracks.length) {
      const next = this.neighbourOf(current, 1);
      if (next) {
        // The message stays up while the next track starts.
        this.load(next, 0, message);
        this.store.saveTrack(next);
        this.resume();
      }
    }
  }
}
