export {
  acceptsCommand,
  commandsOf,
  createPlayerBus,
  focusOf,
  INITIAL_PLAYBACK,
  INITIAL_PLAYER_STATE,
  INITIAL_POSITION,
  INITIAL_VOLUME,
  playbackOf,
  positionOf,
  volumeOf,
} from './player-bus';
export type { PlayerBusController, PlayerBusOptions } from './player-bus';
