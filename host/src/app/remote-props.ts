import { createMemoryLibrary, createMemoryPreferences } from '@loofi/shared/backend';
import type { RemoteProps } from '@loofi/shared/contracts';
import { createPlayerBus } from '@loofi/shared/player';

/**
 * The ports every remote receives, built once for the whole session. Until a persistent
 * backend is configured they are kept in memory.
 */
export type SessionPorts = Omit<RemoteProps, 'navigate'>;

export function createSessionPorts(): SessionPorts {
  return {
    player: createPlayerBus(),
    library: createMemoryLibrary(),
    preferences: createMemoryPreferences(),
    config: __LOOFI_CONFIG__,
  };
}
