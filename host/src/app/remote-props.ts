import type { Backend } from '@loofi/backend';
import type { RemoteProps } from '@loofi/contracts';
import { createPlayerBus } from '@loofi/contracts/player';
import type { PlayerBusController } from '@loofi/contracts/player';
import { createStoredPreferences } from '@loofi/backend/preferences';

export type SessionPorts = Omit<RemoteProps, 'navigate' | 'player'> & {
  /** The bus as the host's player drives it; remotes see it as a plain PlayerBus. */
  player: PlayerBusController;
};

/** The ports every remote receives, built once for the whole session. */
export function createSessionPorts(backend: Backend): SessionPorts {
  return {
    player: createPlayerBus({ contract: __CONTRACT_VERSION__ }),
    library: backend.library,
    // Preferences are browser storage (theme-session and the two switches), not backend data.
    preferences: createStoredPreferences(),
    config: __LOOFI_CONFIG__,
  };
}
