import type { Backend } from '@loofi/shared/backend';
import { createMemoryPreferences } from '@loofi/shared/backend';
import type { RemoteProps } from '@loofi/shared/contracts';
import { createPlayerBus } from '@loofi/shared/player';

export type SessionPorts = Omit<RemoteProps, 'navigate'>;

/** The ports every remote receives, built once for the whole session. */
export function createSessionPorts(backend: Backend): SessionPorts {
  return {
    player: createPlayerBus(),
    library: backend.library,
    // Preferences are browser storage, not backend data; they are kept in memory until the
    // Settings tab persists them.
    preferences: createMemoryPreferences(),
    config: __LOOFI_CONFIG__,
  };
}
