import type { Observable } from 'rxjs';
import type { Track } from '@loofi/contracts';
import type { AudioLike, Deck } from './decks';
import type { PlaybackContext } from './playback';
import type { PlayQueue } from './play-queue';
import { classifyByElement, StallRecovery } from './stall-recovery';
import type { FailureKind } from './stall-recovery';

export const OFFLINE_SKIP_MESSAGE =
  'You are offline: the tracks that are not kept offline are skipped.';

export const playbackFailedMessage = (track: Track) =>
  `“${track.title}” could not be played. Its audio may be missing or in a format this browser cannot play.`;

/** Every track of the library failed, or none can play offline: the player stops, saying so once. */
export const NOTHING_PLAYS_MESSAGE = 'Nothing in your library can be played right now.';
export const NOTHING_KEPT_MESSAGE = 'You are offline, and no track is kept offline.';

/** Why nothing of `queue` can play: offline with nothing kept, or every track failed. */
export const nothingPlaysMessage = (queue: PlayQueue) =>
  queue.tracks.some((track) => queue.canPlay(track)) ? NOTHING_PLAYS_MESSAGE : NOTHING_KEPT_MESSAGE;

/** A track that gave no audio for 15 s, left for the next one. */
export const skippedMessage = (track: Track) => `'${track.title}' could not be loaded: skipped.`;

/** Whether an element's failure is worth riding out (default: its error code). */
export type ClassifyFailure = (
  track: Track,
  audio: AudioLike,
) => FailureKind | Promise<FailureKind>;

/** What the failures act on: the player's context and its moves. */
export interface FailureContext {
  context: PlaybackContext;
  classifyFailure?: ClassifyFailure | undefined;
  online$?: Observable<unknown> | undefined;
  /** Play was asked for and no pause since (tabs: paused music never starts by itself). */
  playAsked(): boolean;
  neighbourOf(from: Track | null, step: 1 | -1): Track | null;
  load(track: Track, position: number, error: string | null): void;
  resume(): void;
  prepareNext(): void;
}

/**
 * Tracks that fail: the current one's waits and transient failures ridden out
 * (`StallRecovery`), a missing file or a track with no audio for 15 s left by name, a next
 * track whose file is gone dropped as it buffers, failed tracks passed over on later laps.
 */
export class PlaybackFailures {
  readonly recovery: StallRecovery;
  private failuresInARow = 0;
  /** The message of a next track dropped as it buffered, said when it would have played. */
  private droppedNotice: string | null = null;
  /** The last failure's message, so a failure right after it names both tracks. */
  private lastFailure: string | null = null;

  constructor(private readonly player: FailureContext) {
    const { context } = player;
    this.recovery = new StallRecovery({
      current: () => {
        const { active } = context.transport();
        return active.track ? { audio: active.audio, track: active.track } : null;
      },
      position: () => context.transport().position,
      setBuffering: (buffering) => context.bus.setState({ buffering }),
      reload: (position) => this.reloadCurrent(position),
      giveUp: (track) => this.giveUp(track),
      online$: player.online$,
    });
  }

  /** The current track sounds: failures no longer come in a row. */
  played() {
    this.failuresInARow = 0;
  }

  /** The owner picked `track`: tried again, and a dropped track's notice is stale. */
  picked(track: Track) {
    this.player.context.queue.retry(track);
    this.droppedNotice = null;
  }

  takeDroppedNotice(): string | null {
    const notice = this.droppedNotice;
    this.droppedNotice = null;
    return notice;
  }

  /** The current element failed: ridden out unless its file is gone or not audio. */
  onError() {
    const { context } = this.player;
    const { current } = context.bus.state;
    if (!current) return;
    const { audio } = context.transport().active;
    // Nothing was playing: nothing to ride out.
    if (audio.paused) return this.leave(current);
    const offline = !context.queue.canPlay(current);
    this.recovery.failed(
      () => (offline ? 'transient' : this.classify(current, audio)),
      () => this.leave(current),
    );
  }

  /**
   * A next track whose file is gone or not audio is dropped as it buffers, and the one after
   * it is buffered instead; one that failed for a moment is tried as it starts.
   */
  onStandbyError(deck: Deck) {
    const transport = this.player.context.transport();
    const { track } = deck;
    if (!track || transport.busy) return;
    const act = (kind: FailureKind) => {
      if (deck.track !== track || deck !== transport.standby || kind !== 'fatal') return;
      this.player.context.queue.markFailed(track);
      this.droppedNotice = playbackFailedMessage(track);
      deck.clear();
      this.player.prepareNext();
    };
    const kind = this.classify(track, deck.audio);
    if (typeof kind === 'string') act(kind);
    else kind.then(act, () => undefined);
  }

  /** Loads the current track again where it stopped, and plays on (never paused music). */
  private reloadCurrent(position: number) {
    if (!this.player.playAsked()) return this.recovery.reset();
    if (this.player.context.transport().reloadAt(position)) this.player.resume();
  }

  /** No audio for 15 s; offline, the track that is not kept goes as before. */
  private giveUp(track: Track) {
    const { context } = this.player;
    const offline = !context.queue.canPlay(track);
    const play = this.player.playAsked();
    context.transport().active.audio.pause();
    this.leave(track, offline ? OFFLINE_SKIP_MESSAGE : skippedMessage(track), play);
  }

  /** The host's word when there is a probe, else the element's. */
  private classify(track: Track, audio: AudioLike): FailureKind | Promise<FailureKind> {
    const { classifyFailure } = this.player;
    return classifyFailure ? classifyFailure(track, audio) : classifyByElement(audio);
  }

  /** Moves on from a track that cannot play, saying why. */
  private leave(current: Track, reason?: string, play = this.player.playAsked()) {
    const { context } = this.player;
    context.transport().endCrossfade();
    this.failuresInARow += 1;
    // Offline, a track that is not kept fails for want of the network, not of its file.
    const offline = !context.queue.canPlay(current);
    if (offline) context.queue.offlineNoticeGiven();
    else context.queue.markFailed(current); // Not tried again on every lap.
    const failure = reason ?? (offline ? OFFLINE_SKIP_MESSAGE : playbackFailedMessage(current));
    // A track that fails right after another names both.
    const before = this.failuresInARow > 1 ? this.lastFailure : null;
    this.lastFailure = failure;
    const message = before && before !== failure ? `${before} ${failure}` : failure;
    if (!context.preferences().autoPlay) {
      return context.bus.setState({ playing: false, error: message });
    }
    // Move on, but stop once every track of the queue has failed in a row, saying so once.
    const next = this.player.neighbourOf(current, 1);
    if (!next || this.failuresInARow >= context.queue.tracks.length) {
      return context.bus.setState({ playing: false, error: nothingPlaysMessage(context.queue) });
    }
    context.bus.setState({ playing: false, error: message });
    // The message stays up while the next track starts.
    this.player.load(next, 0, message);
    context.store.saveTrack(next);
    // A paused track that fails (its host gone while the page slept) leaves the next paused.
    if (play) this.player.resume();
  }
}
