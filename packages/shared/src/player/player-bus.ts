import { BehaviorSubject, Subject } from 'rxjs';
import type { Observable } from 'rxjs';
import type { PlayerBus, PlayerCommand, PlayerState } from '../contracts';

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

export function createPlayerBus(initial: PlayerState = INITIAL_PLAYER_STATE): PlayerBusController {
  const state = new BehaviorSubject<PlayerState>(initial);
  const commands = new Subject<PlayerCommand>();
  return {
    state$: state.asObservable(),
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
