import { BehaviorSubject, distinctUntilChanged, map, Subject } from 'rxjs';
import type { Observable } from 'rxjs';
import type {
  PlaybackState,
  PlayerBus,
  PlayerCommand,
  PlayerState,
  PositionState,
  VolumeState,
} from '..';

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

const PLAYBACK = ['current', 'playing', 'queue', 'error'] as const;
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
/** How loud, from any bus. */
export const volumeOf = (bus: PlayerBus): Observable<VolumeState> =>
  bus.volume$ ?? part(bus.state$, VOLUME);

export function createPlayerBus(initial: PlayerState = INITIAL_PLAYER_STATE): PlayerBusController {
  const state = new BehaviorSubject<PlayerState>(initial);
  const commands = new Subject<PlayerCommand>();
  const state$ = state.asObservable();
  return {
    state$,
    playback$: part(state$, PLAYBACK),
    position$: part(state$, POSITION),
    volume$: part(state$, VOLUME),
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
