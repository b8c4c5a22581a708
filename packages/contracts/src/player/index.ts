export {
  createPlayerBus,
  INITIAL_PLAYER_STATE,
  playbackOf,
  positionOf,
  volumeOf,
} from './player-bus';
export type { PlayerBusController } from './player-bus';
