import type { Observable } from 'rxjs';
import type { FocusPlan, FocusState } from './focus';
import type { Track } from './track';

/** What the host's player is doing; remotes only read it. */
export interface PlayerState {
  current: Track | null;
  /**
   * The library key of the current entry (contract 1.4): two entries of one audio address
   * are told apart by it. Null for a track not from the library; absent from a shell of an
   * earlier release, where the current entry is known only by `current.audio`.
   */
  currentKey?: string | null;
  playing: boolean;
  /** Seconds into the current track. */
  position: number;
  /** Seconds; 0 while unknown. */
  duration: number;
  /** 0..1 */
  volume: number;
  muted: boolean;
  /**
   * The play order, the library shuffled on load and shaped by the owner: after the
   * current track come the ones after it, then, wrapping around, the ones before it.
   */
  queue: readonly Track[];
  /**
   * The tracks that will play after the current one, in order, as the shell's player decides
   * (contract 1.3): show these rather than derive an order from `queue`. Absent from a shell
   * of an earlier release.
   */
  upNext?: readonly Track[];
  /** A message for the owner when playback failed, else null. */
  error: string | null;
  /**
   * The current track should be playing but has waited for data for over half a second
   * (shown as "Buffering"). Optional: a shell of an earlier release does not say.
   */
  buffering?: boolean;
  /**
   * The owner's focus session (contract 1.4), null while none runs. Absent from a shell of
   * an earlier release, which has no focus timer: hide what would start one.
   */
  focus?: FocusState | null;
}

/** What a remote may ask the host's player to do. */
export type PlayerCommand =
  | { type: 'play'; track: Track }
  | { type: 'toggle' }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'seek'; seconds: number }
  | { type: 'volume'; volume: number }
  | { type: 'mute'; muted: boolean }
  // Contract 1.2: the queue. Offer them only where `acceptsCommand` says the shell does.
  /** Plays `track` right after the current one (moved there if it is in the queue). */
  | { type: 'playNext'; track: Track }
  /** Plays `track` after the tracks already asked for with playNext or enqueue. */
  | { type: 'enqueue'; track: Track }
  /** Takes `track` out of the play order (until it is queued again or the page reloads). */
  | { type: 'dequeue'; track: Track }
  /** Moves `track` to place `to` among the upcoming tracks (0: right after the current one). */
  | { type: 'move'; track: Track; to: number }
  // Contract 1.4: the focus timer.
  /** Starts a focus session of `plan` (replacing one that runs). */
  | { type: 'focusStart'; plan: FocusPlan }
  | { type: 'focusPause' }
  | { type: 'focusResume' }
  /** Ends the phase now for the next. */
  | { type: 'focusSkip' }
  | { type: 'focusStop' };

/** The kinds of command, and the contract version that brought each. */
export const PLAYER_COMMANDS_SINCE = {
  play: 1,
  toggle: 1,
  next: 1,
  previous: 1,
  seek: 1,
  volume: 1,
  mute: 1,
  playNext: 1.2,
  enqueue: 1.2,
  dequeue: 1.2,
  move: 1.2,
  focusStart: 1.4,
  focusPause: 1.4,
  focusResume: 1.4,
  focusSkip: 1.4,
  focusStop: 1.4,
} as const satisfies Record<PlayerCommand['type'], number>;

export type PlayerCommandType = PlayerCommand['type'];

/** What plays and in which order: changes when a track starts, pauses, fails or the queue moves. */
export type PlaybackState = Pick<
  PlayerState,
  'current' | 'currentKey' | 'playing' | 'queue' | 'upNext' | 'error' | 'buffering'
>;
/** Where the current track is: changes several times a second while it plays. */
export type PositionState = Pick<PlayerState, 'position' | 'duration'>;
/** How loud. */
export type VolumeState = Pick<PlayerState, 'volume' | 'muted'>;

/**
 * The player event bus: the player's state and a way to send commands. `state$` is the
 * whole state and ticks with the position; the three parts below each change only when
 * what they hold does, so a view that shows no position is not re-rendered by it. They are
 * optional (a shell of an earlier release does not offer them): read them through
 * `playbackOf`, `positionOf` and `volumeOf` from `@loofi/contracts/player`.
 */
export interface PlayerBus {
  readonly state$: Observable<PlayerState>;
  readonly playback$?: Observable<PlaybackState>;
  readonly position$?: Observable<PositionState>;
  readonly volume$?: Observable<VolumeState>;
  /**
   * The kinds of command this shell's player carries out (contract 1.2). A shell of an
   * earlier release does not say, and understands only those of 1.0: ask `acceptsCommand`.
   */
  readonly accepts?: readonly PlayerCommandType[];
  dispatch(command: PlayerCommand): void;
}
