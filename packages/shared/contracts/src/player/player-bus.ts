import { BehaviorSubject, distinctUntilChanged, map, Subject } from 'rxjs';
import type { Observable } from 'rxjs';
import type {
  FocusState,
  PlaybackState,
  PlayerBus,
  PlayerCommand,
  PlayerState,
  PositionState,
  VolumeState,
} from '..';
import { PLAYER_COMMANDS_SINCE } from '../player';
import type { PlayerCommandType } from '../player';

export const INITIAL_PLAYER_STATE: PlayerState = {
  current: null,
  playing: false,
  position: 0,
  duration: 0,
  volume: 0.7,
  muted: false,
  queue: [],
  error: null,
};

/** The bus as the host's player sees it: it also reads the commands and writes the state. */
export interface PlayerBusController extends PlayerBus {
  readonly commands$: Observable<PlayerCommand>;
  readonly state: PlayerState;
  setState(patch: Partial<PlayerState>): void;
}

/** The fields of `state` under `keys`. */
function pick<K extends keyof PlayerState>(state: PlayerState, keys: readonly K[]) {
  const picked = {} as Pick<PlayerState, K>;
  for (const key of keys) picked[key] = state[key];
  return picked;
}

/** The part of the state under `keys`, emitted only when one of them changes. */
function part<K extends keyof PlayerState>(
  state$: Observable<PlayerState>,
  keys: readonly K[],
): Observable<Pick<PlayerState, K>> {
  return state$.pipe(
    distinctUntilChanged((a, b) => keys.every((key) => a[key] === b[key])),
    map((state) => pick(state, keys)),
  );
}

const PLAYBACK = [
  'current',
  'currentKey',
  'playing',
  'queue',
  'upNext',
  'error',
  'buffering',
] as const;
const POSITION = ['position', 'duration'] as const;
const VOLUME = ['volume', 'muted'] as const;

/** The three parts of `INITIAL_PLAYER_STATE`: what a view shows before the bus has spoken. */
export const INITIAL_PLAYBACK: PlaybackState = pick(INITIAL_PLAYER_STATE, PLAYBACK);
export const INITIAL_POSITION: PositionState = pick(INITIAL_PLAYER_STATE, POSITION);
export const INITIAL_VOLUME: VolumeState = pick(INITIAL_PLAYER_STATE, VOLUME);

/** What plays and in which order, from any bus (an earlier shell's offers only `state$`). */
export const playbackOf = (bus: PlayerBus): Observable<PlaybackState> =>
  bus.playback$ ?? part(bus.state$, PLAYBACK);
/** Where the current track is, from any bus. */
export const positionOf = (bus: PlayerBus): Observable<PositionState> =>
  bus.position$ ?? part(bus.state$, POSITION);
/** The focus session, from any bus: null while none runs, or where the shell has no focus timer. */
export const focusOf = (bus: PlayerBus): Observable<FocusState | null> =>
  bus.state$.pipe(
    map((state) => state.focus ?? null),
    distinctUntilChanged(),
  );
/** How loud, from any bus. */
export const volumeOf = (bus: PlayerBus): Observable<VolumeState> =>
  bus.volume$ ?? part(bus.state$, VOLUME);

/**
 * Whether the shell behind `bus` carries out commands of this kind: a shell before contract
 * 1.2 does not say, and carries out only those of 1.0. A remote hides what it cannot ask for.
 */
export function acceptsCommand(bus: PlayerBus, type: PlayerCommandType): boolean {
  return bus.accepts ? bus.accepts.includes(type) : PLAYER_COMMANDS_SINCE[type] < 1.2;
}

/** The kinds of command a shell speaking contract `version` carries out. */
export function commandsOf(version: number): PlayerCommandType[] {
  return (Object.keys(PLAYER_COMMANDS_SINCE) as PlayerCommandType[]).filter(
    (type) => PLAYER_COMMANDS_SINCE[type] <= version,
  );
}

export interface PlayerBusOptions {
  initial?: PlayerState;
  /**
   * The contract version whose commands the shell carries out, said on the bus as `accepts`
   * from 1.2 on; before 1.2 a shell said nothing.
   */
  contract?: number;
}

export function createPlayerBus(options: PlayerBusOptions = {}): PlayerBusController {
  const { initial = INITIAL_PLAYER_STATE, contract } = options;
  const state = new BehaviorSubject<PlayerState>(initial);
  const commands = new Subject<PlayerCommand>();
  const state$ = state.asObservable();
  return {
    state$,
    playback$: part(state$, PLAYBACK),
    position$: part(state$, POSITION),
    volume$: part(state$, VOLUME),
    ...(contract !== undefined && contract >= 1.2 ? { accepts: commandsOf(contract) } : {}),
    commands$: commands.asObservable(),
    get state() {
      return state.getValue();
    },
    dispatch(command) {
      commands.next(command);
    },
    setState(patch) {
      state.next({ ...state.getValue(), ...patch });
    },
  };
}
