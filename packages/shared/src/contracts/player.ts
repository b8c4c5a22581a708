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

/** The player event bus: a stream of state and a way to send commands. */
export interface PlayerBus {
  readonly state$: Observable<PlayerState>;
  dispatch(command: PlayerCommand): void;
}
