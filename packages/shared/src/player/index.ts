export { createPlayerBus, INITIAL_PLAYER_STATE } from './player-bus';
export type { PlayerBusController } from './player-bus';
