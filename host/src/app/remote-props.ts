import { take } from 'rxjs';
import type { Backend } from '@loofi/backend';
import { createSharedLinks } from '@loofi/contracts';
import type { RemoteProps, SharedLinksSource } from '@loofi/contracts';
import { createPlayerBus } from '@loofi/contracts/player';
import type { PlayerBusController } from '@loofi/contracts/player';
import { createStoredPreferences } from '@loofi/backend/preferences';
import { createKeptTracks } from '../features/offline-tracks/offline-tracks';
import type { KeptTracks } from '../features/offline-tracks/offline-tracks';
import { audioReadable } from '../features/player/audio-readable';
import { savedPlayerState } from '../features/player/player-storage';

export type SessionPorts = Omit<RemoteProps, 'navigate' | 'player' | 'offline' | 'shared'> & {
  /** The bus as the host's player drives it; remotes see it as a plain PlayerBus. */
  player: PlayerBusController;
  /**
   * The tracks kept offline; remotes see the port, the host's player asks `isKept`.
   * Absent where no service worker can serve them.
   */
  offline?: KeptTracks;
  /** Links shared into loofi: the host offers them, Music takes them. */
  shared: SharedLinksSource;
};

/**
 * Tracks can be kept only where the service worker that serves them runs: production
 * builds (the only ones that register it) in browsers with service workers and caches.
 */
const canKeepTracks = () =>
  __LOOFI_PRODUCTION__ && 'serviceWorker' in navigator && 'caches' in window;

/** The ports every remote receives, built once for the whole session. */
export function createSessionPorts(backend: Backend): SessionPorts {
  const config = __LOOFI_CONFIG__;
  // Preferences are browser storage (theme-session and the two switches), not backend data.
  const preferences = createStoredPreferences();
  let resume = true;
  preferences.preferences$.pipe(take(1)).subscribe((current) => (resume = current.resume));
  return {
    // The bar shows the saved track from the first paint; the player restores the same.
    player: createPlayerBus({
      contract: __CONTRACT_VERSION__,
      initial: savedPlayerState(localStorage, resume),
    }),
    library: backend.library,
    preferences,
    config,
    shared: createSharedLinks(),
    ...(canKeepTracks() ? { offline: createKeptTracks({ mayRead: audioReadable(config) }) } : {}),
  };
}
