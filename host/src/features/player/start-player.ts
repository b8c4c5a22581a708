import type { LibraryPort, PreferencesStore } from '@loofi/contracts';
import type { PlayerBusController } from '@loofi/contracts/player';
import { connectMediaSession } from './media-session';
import { PlayerEngine } from './player-engine';
import { installPlayerKeyboard } from './player-keyboard';

/**
 * Starts the page's one player: an audio element that lives as long as the page, whatever
 * the tab, with its keyboard shortcuts and system media controls.
 */
export function startPlayer(options: {
  bus: PlayerBusController;
  library: LibraryPort;
  preferences: PreferencesStore;
}): () => void {
  const engine = new PlayerEngine({ ...options, audio: new Audio(), storage: localStorage });
  const stopEngine = engine.start();
  const onPageHide = () => engine.savePosition();
  window.addEventListener('pagehide', onPageHide);
  const stopKeyboard = installPlayerKeyboard(window, options.bus, () => options.bus.state);
  const stopMediaSession = connectMediaSession(
    'mediaSession' in navigator ? navigator.mediaSession : undefined,
    options.bus,
    options.bus.state$,
  );
  return () => {
    window.removeEventListener('pagehide', onPageHide);
    stopKeyboard();
    stopMediaSession();
    stopEngine();
  };
}
