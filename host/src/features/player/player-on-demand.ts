import type { PlayerCommand } from '@loofi/contracts';
import type { StartPlayerOptions } from './start-player';

/** Said in the player bar when the player's code cannot be fetched (a dropped connection). */
export const PLAYER_UNAVAILABLE = 'The player could not load. Press Play to try again.';

type LoadStartPlayer = () => Promise<{ startPlayer: (options: StartPlayerOptions) => () => void }>;

const loadStartPlayer: LoadStartPlayer = () =>
  import(/* webpackChunkName: "player-engine" */ './start-player');

/**
 * Starts the page's player once the first tab is in, or at once when the owner asks the
 * player for something before that. The player's engine (decks, play order, recovery, one
 * player per browser, the system's controls) is code of its own, fetched after what the
 * first tab shows rather than ahead of it; the bar shows the saved track meanwhile. Commands
 * sent before it starts are carried out, in order, once it has. A fetch that fails is tried
 * again at the next command or when the browser is back online, and the bar says so.
 */
export function startPlayerOnDemand(
  options: StartPlayerOptions,
  firstTabIn: Promise<unknown>,
  load: LoadStartPlayer = loadStartPlayer,
): () => void {
  const { bus } = options;
  const held: PlayerCommand[] = [];
  let stopPlayer: (() => void) | null = null;
  let loading = false;
  let stopped = false;

  const start = () => {
    if (loading || stopped) return;
    loading = true;
    load().then(
      ({ startPlayer }) => {
        if (stopped) return;
        holding.unsubscribe();
        window.removeEventListener('online', start);
        stopPlayer = startPlayer(options);
        if (bus.state.error === PLAYER_UNAVAILABLE) bus.setState({ error: null });
        for (const command of held.splice(0)) bus.dispatch(command);
      },
      () => {
        loading = false;
        if (stopped) return;
        // What was asked is dropped with the failure, which the bar shows; a new press retries.
        if (held.splice(0).length > 0) bus.setState({ error: PLAYER_UNAVAILABLE });
        window.addEventListener('online', start, { once: true });
      },
    );
  };
  const holding = bus.commands$.subscribe((command) => {
    held.push(command);
    start();
  });
  firstTabIn.then(start, start);

  return () => {
    stopped = true;
    holding.unsubscribe();
    window.removeEventListener('online', start);
    stopPlayer?.();
  };
}
