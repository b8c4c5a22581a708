import type { Observable } from 'rxjs';
import type { Track } from './track';

/** What the host's player is doing; remotes only read it. */
export interface PlayerState {
  current: Track | null;
  playing: boolean;
  /** Seconds into the current track. */
  position: number;
  /** Seconds; 0 while unknown. */
  duration: number;
  /** 0..1 */
  volume: number;
  muted: boolean;
  /** The play order, the library shuffled on load. */
  queue: readonly Track[];
  /** A message for the owner when playback failed, else null. */
  error: string | null;
}

/** What a remote may ask the host's player to do. */
export type PlayerCommand =
  | { type: 'play'; track: Track }
  | { type: 'toggle' }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'seek'; seconds: number }
  | { type: 'volume'; volume: number }
  | { type: 'mute'; muted: boolean };

/** What plays and in which order: changes when a track starts, pauses, fails or the queue moves. */
export type PlaybackState = Pick<PlayerState, 'current' | 'playing' | 'queue' | 'error'>;
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
  dispatch(command: PlayerCommand): void;
}
