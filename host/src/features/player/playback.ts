import { Subject } from 'rxjs';
import type { Observable } from 'rxjs';
import type { PlayerState, Preferences, Track } from '@loofi/contracts';
import type { PlayerBusController } from '@loofi/contracts/player';
import type { AudioLike } from './decks';
import { sameEntry } from './queue-order';
import { canSound } from './stall-recovery';
import { nothingPlaysMessage, OFFLINE_SKIP_MESSAGE, PlaybackFailures } from './playback-failures';
import type { ClassifyFailure } from './playback-failures';
import type { PlayQueue } from './play-queue';
import type { PlayerPersistence } from './player-persistence';
import type { Transport, TransportEvents } from './transport';

/** How often, while playing, the position is saved for 'Continue where you left off'. */
const POSITION_SAVE_INTERVAL_MS = 5000;
/**
 * How long before the current track's end the next one starts buffering: enough for a
 * few minutes of compressed audio on a slow phone network (Slow 4G: ~1.5 Mbit/s).
 */
export const PRELOAD_LEAD_SECONDS = 60;

export {
  NOTHING_KEPT_MESSAGE,
  NOTHING_PLAYS_MESSAGE,
  OFFLINE_SKIP_MESSAGE,
  playbackFailedMessage,
  skippedMessage,
} from './playback-failures';

/** What the player's decisions act on. */
export interface PlaybackContext {
  bus: PlayerBusController;
  queue: PlayQueue;
  store: PlayerPersistence;
  /** The transport, made after the decisions it reports to. */
  transport(): Transport;
  preferences(): Preferences;
  /** The bus's state, with the up-next list when the current track or the order moves. */
  setState(patch: Partial<PlayerState>): void;
  now?: (() => number) | undefined;
  /** Whether the current element's failure is worth retrying (default: its error code). */
  classifyFailure?: ClassifyFailure | undefined;
  /** Emits when the network comes back: a track in trouble is reloaded at once. */
  online$?: Observable<unknown> | undefined;
}

/**
 * What plays and when: a chosen track, play and pause, Next and Previous, 'Continue where
 * you left off', auto-play and the hand-over to the next track, the sleep timer's "End of
 * track"; tracks that fail are `PlaybackFailures`' (waits ridden out, dead tracks left). It
 * hears the transport's events and tells it what to do; the queue says what comes next.
 */
export class Playback {
  private lastSave = 0;
  /** Failed tracks: ridden out, left by name, passed over (playback-failures.ts). */
  private readonly failures: PlaybackFailures;
  /** The sleep timer's "End of track": no hand-over, a pause at the end. */
  stopAtEnd = false;
  /** The owner started playback on this page (another device's session no longer applies). */
  startedHere = false;
  /** Play was asked for and no pause since: paused music never starts by itself (a wake). */
  private playAsked = false;
  /** Play was pressed before the library had arrived: it plays once the library does. */
  private playOnArrival = false;
  private readonly stoppedAtEnd = new Subject<void>();
  readonly stoppedAtEndOfTrack$: Observable<void> = this.stoppedAtEnd.asObservable();

  constructor(private readonly context: PlaybackContext) {
    this.failures = new PlaybackFailures({
      context,
      classifyFailure: context.classifyFailure,
      online$: context.online$,
      playAsked: () => this.playAsked,
      neighbourOf: (from, step) => this.neighbourOf(from, step),
      load: (track, position, error) => this.load(track, position, error),
      resume: () => this.resume(),
      prepareNext: () => this.prepareNext(),
    });
  }

  /** Watches the decks' elements for waits and stalls; returns the undo. */
  watch(elements: readonly AudioLike[]): () => void {
    return this.failures.recovery.attach(elements);
  }

  /** The transport's events, answered here. */
  get events(): TransportEvents {
    return {
      playing: () => this.onPlaying(),
      play: () => this.context.bus.setState({ playing: true }),
      pause: () => this.onPause(),
      timeUpdate: () => this.onTimeUpdate(),
      metadata: () => this.onMetadata(),
      ended: () => this.onEnded(),
      error: () => this.failures.onError(),
      standbyError: (deck) => this.failures.onStandbyError(deck),
      handOverDue: (seconds) => this.handOver(seconds),
      settled: () => this.prepareNext(),
    };
  }

  /** Saves where playback is, e.g. when the page is hidden or closed. */
  savePosition() {
    const { current } = this.context.bus.state;
    const { currentTime } = this.context.transport().active.audio;
    if (current) this.context.store.savePosition(current, currentTime);
  }

  /** Before `track` becomes the current one: the queued tracks follow it. */
  private followQueue(track: Track) {
    if (this.context.queue.follow(this.context.bus.state.current, track)) {
      this.context.setState({ queue: this.context.queue.tracks });
    }
  }

  private neighbourOf(from: Track | null, step: 1 | -1): Track | null {
    return this.context.queue.neighbourOf(from, step);
  }

  private offlineNotice(): string | null {
    return this.context.queue.offlineNotice(OFFLINE_SKIP_MESSAGE);
  }

  /** SPEC §4: the same track again toggles; another track starts and becomes the session. */
  play(track: Track, notice: string | null = null) {
    if (sameEntry(track, this.context.bus.state.current)) return this.toggle();
    this.failures.picked(track);
    this.startedHere = true;
    this.context.transport().cancelSleepFade();
    this.context.transport().endCrossfade();
    this.load(track, 0, notice);
    this.context.store.saveTrack(track);
    this.resume();
  }

  toggle() {
    const { bus } = this.context;
    const { current } = bus.state;
    if (!current) {
      const first = this.neighbourOf(null, 1);
      if (first) this.play(first);
      else if (!this.context.queue.arrived) {
        // The owner's press: another device's session arriving meanwhile does not replace it.
        this.startedHere = true;
        this.playOnArrival = true;
      } else if (this.context.queue.tracks.length > 0) {
        this.tellNothingPlays(); // Offline with nothing kept, or every track failed.
      }
      return;
    }
    // A track being ridden out pauses like any other; a failed one loads again.
    const { troubled } = this.failures.recovery;
    if (this.context.transport().active.failed && !troubled) return this.retry(current);
    if (this.context.transport().active.audio.paused) {
      this.startedHere = true;
      // Play during the sleep timer's fade: the owner is awake after all.
      this.context.transport().cancelSleepFade();
      bus.setState({ error: null });
      this.resume();
    } else {
      this.context.transport().pause();
    }
  }

  /**
   * Play on a track whose load failed (an element in that state plays nothing): offline and
   * not kept, the next track that can play, saying why; otherwise the same track, loaded
   * again where it was (the network may be back, the host up again).
   */
  private retry(current: Track) {
    const { bus } = this.context;
    if (!this.context.queue.canPlay(current)) {
      const next = this.neighbourOf(current, 1);
      this.context.queue.offlineNoticeGiven();
      if (next && !sameEntry(next, current)) this.play(next, OFFLINE_SKIP_MESSAGE);
      else this.tellNothingPlays();
      return;
    }
    this.startedHere = true;
    this.load(current, bus.state.position);
    this.resume();
  }

  /**
   * Play finds nothing that can play: says why, on every press. The error clears first, so
   * the bar shows the same words again after the owner dismissed them.
   */
  private tellNothingPlays() {
    const { bus } = this.context;
    bus.setState({ error: null });
    bus.setState({ playing: false, error: nothingPlaysMessage(this.context.queue) });
  }

  /** The library has arrived (or changed): a press on Play that came before it plays now. */
  libraryArrived() {
    if (!this.playOnArrival || !this.context.queue.arrived) return;
    this.playOnArrival = false;
    if (!this.context.bus.state.current) this.toggle();
    // An empty library: the press is spent, and started nothing.
    if (!this.context.bus.state.current) this.startedHere = false;
  }

  skip(step: 1 | -1) {
    const next = this.neighbourOf(this.context.bus.state.current, step);
    if (next) this.play(next, this.offlineNotice());
  }

  /** Makes `track` the current one, at `position`, paused until `resume`. */
  load(track: Track, position: number, error: string | null = null) {
    this.failures.recovery.reset(); // A new track starts with no trouble.
    this.followQueue(track);
    this.context.transport().load(track, position, sameEntry);
    const { duration } = this.context.transport().active.audio;
    this.context.setState({
      current: track,
      position,
      duration: Number.isFinite(duration) && position === 0 ? duration : 0,
      error,
      playing: false,
    });
    this.prepareNext();
  }

  resume() {
    this.playAsked = true;
    // A refused autoplay leaves the player paused, ready for a click.
    this.context.transport().resume(() => this.context.bus.setState({ playing: false }));
  }

  /** 'Continue where you left off': the last track at its position, paused. */
  restore() {
    if (!this.context.preferences().resume) return;
    const last = this.context.store.lastSession();
    if (last) this.load(last.track, last.position);
  }

  /** The track that plays after the current one ends, if one should. */
  private upNext(): Track | null {
    if (!this.context.preferences().autoPlay || this.stopAtEnd) return null;
    return this.neighbourOf(this.context.bus.state.current, 1);
  }

  /**
   * Buffers the next track on the other deck once the current one is near its end, so the
   * hand-over waits for no network; a change of queue or of preference re-decides.
   */
  prepareNext() {
    const transport = this.context.transport();
    if (!transport.started || transport.busy) return;
    const { standby } = transport;
    const lead = PRELOAD_LEAD_SECONDS + transport.fadeSeconds;
    // Far from the end with nothing buffered, each time update decides nothing: no queue walk.
    if (transport.active.remaining > lead && !standby.track) return;
    const next = this.upNext();
    if (next && sameEntry(standby.track, next) && standby.track?.audio === next.audio) return;
    if (!next || transport.active.remaining > lead) return transport.buffer(null);
    transport.buffer(next);
    this.scheduleHandOver();
  }

  scheduleHandOver() {
    this.context.transport().scheduleHandOver(() => this.upNext() !== null);
  }

  /**
   * Starts the next track now, fading the current one out over `seconds` (0: at once); before
   * the current one's end (`atEnd` false), only once the next one can sound.
   */
  private handOver(seconds: number, atEnd = false) {
    const transport = this.context.transport();
    transport.cancelHandOver();
    const next = this.upNext();
    const incoming = transport.standby;
    const outgoing = transport.active;
    if (!next || !sameEntry(incoming.track, next) || transport.crossfading) return;
    // Never fade into silence: the current track plays on to its end meanwhile.
    if (!atEnd && (incoming.failed || !canSound(incoming.audio))) return;
    const notice = this.offlineNotice() ?? this.failures.takeDroppedNotice();
    if (outgoing.track) this.context.store.savePosition(outgoing.track, 0);
    if (incoming.failed) {
      // It failed for a moment as it buffered: loaded afresh, and ridden out as it plays.
      this.load(next, 0, notice);
      this.context.store.saveTrack(next);
      this.resume();
      return;
    }
    this.followQueue(next);
    this.failures.recovery.reset(); // A new track starts with no trouble.
    transport.handOver(seconds);
    const { duration } = incoming.audio;
    // From the moment the fade starts, the incoming track is the current one.
    this.context.setState({
      current: next,
      position: 0,
      duration: Number.isFinite(duration) ? duration : 0,
      error: notice,
    });
    this.context.store.saveTrack(next);
    this.resume();
  }

  private onPlaying() {
    this.failures.played();
    this.context.bus.setState({ playing: true });
    this.scheduleHandOver();
  }

  private onPause() {
    this.playAsked = false;
    this.context.transport().cancelHandOver();
    this.context.bus.setState({ playing: false });
    this.savePosition();
  }

  private onTimeUpdate() {
    // Reloading, the element is not where the track is.
    if (this.failures.recovery.holdsPosition) return;
    const { audio } = this.context.transport().active;
    this.context.bus.setState({ position: audio.currentTime });
    const now = (this.context.now ?? Date.now)();
    if (!audio.paused && now - this.lastSave >= POSITION_SAVE_INTERVAL_MS) {
      this.lastSave = now;
      this.savePosition();
    }
    this.prepareNext();
    this.scheduleHandOver();
  }

  private onMetadata() {
    this.context.transport().seekPending();
    const { audio } = this.context.transport().active;
    if (this.failures.recovery.holdsPosition) {
      // Reloading: a known length is said, the position stays the track's.
      if (Number.isFinite(audio.duration)) this.context.bus.setState({ duration: audio.duration });
    } else {
      this.context.bus.setState({
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
    const { bus } = this.context;
    const { current } = bus.state;
    if (current) this.context.store.savePosition(current, 0);
    if (this.stopAtEnd) {
      bus.setState({ playing: false });
      this.stoppedAtEnd.next();
      return;
    }
    const next = this.upNext();
    const { standby } = this.context.transport();
    if (next && sameEntry(standby.track, next)) return this.handOver(0, true);
    bus.setState({ playing: false });
    if (next) this.skip(1);
    else if (this.context.preferences().autoPlay) {
      // Offline with nothing kept after it: the owner learns why the music stopped.
      const notice = this.offlineNotice();
      if (notice) bus.setState({ error: notice });
    }
  }
}
