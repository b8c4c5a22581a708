import type { PlayerCommand, PlayerCommandType } from '@loofi/contracts';
import type { PlayerBusController } from '@loofi/contracts/player';
import type { startFocusTimer } from './start-focus-timer';

/** Where a running focus session is kept, so a reload (or another tab) finds it. */
export const FOCUS_SESSION_KEY = 'focus-session';

/** Said when the focus timer's code cannot be fetched (a dropped connection). */
export const FOCUS_UNAVAILABLE =
  'The focus timer could not load. Check your connection, then try again.';

const FOCUS_COMMANDS: ReadonlySet<PlayerCommandType> = new Set([
  'focusStart',
  'focusPause',
  'focusResume',
  'focusSkip',
  'focusStop',
]);

type LoadFocusTimer = () => Promise<{ startFocusTimer: typeof startFocusTimer }>;
type FocusTimerOptions = Omit<Parameters<typeof startFocusTimer>[0], 'bus'>;

const loadFocusTimer: LoadFocusTimer = () =>
  import(/* webpackChunkName: "focus-timer" */ './start-focus-timer');

/**
 * The focus timer, fetched when first used: at the owner's first focus command, when a
 * session is kept from an earlier page, or when another tab (or, with a `shared` store,
 * another device) starts one. Commands sent while it arrives are carried out, in order, once
 * it has. `timer` is what it runs with (the player its breaks drive, the preferences, the
 * session shared with the owner's other devices). Returns the undo.
 */
export function startFocusTimerOnDemand(
  bus: PlayerBusController,
  { load = loadFocusTimer, ...timer }: FocusTimerOptions & { load?: LoadFocusTimer } = {},
): () => void {
  const storage = timer.storage ?? localStorage;
  const held: PlayerCommand[] = [];
  let stopTimer: (() => void) | null = null;
  let loading = false;
  let stopped = false;

  const start = () => {
    if (loading || stopped) return;
    loading = true;
    load().then(
      ({ startFocusTimer }) => {
        if (stopped) return;
        holding.unsubscribe();
        following?.unsubscribe();
        window.removeEventListener('storage', onStorage);
        stopTimer = startFocusTimer({ ...timer, bus });
        if (bus.state.error === FOCUS_UNAVAILABLE) bus.setState({ error: null });
        for (const command of held.splice(0)) bus.dispatch(command);
      },
      () => {
        loading = false;
        // What was asked is dropped with the failure, which the owner is told; a new press retries.
        if (!stopped && held.splice(0).length > 0) bus.setState({ error: FOCUS_UNAVAILABLE });
      },
    );
  };
  const holding = bus.commands$.subscribe((command) => {
    if (!FOCUS_COMMANDS.has(command.type)) return;
    held.push(command);
    start();
  });
  const onStorage = (event: StorageEvent) => {
    if (event.key === FOCUS_SESSION_KEY && event.newValue !== null) start();
  };
  window.addEventListener('storage', onStorage);
  // Another device's session: not a stopped one, which is nothing to follow.
  const following = timer.shared?.session$.subscribe(({ session }) => {
    if (session) start();
  });
  if (storage.getItem(FOCUS_SESSION_KEY) !== null) start();

  return () => {
    stopped = true;
    holding.unsubscribe();
    following?.unsubscribe();
    window.removeEventListener('storage', onStorage);
    stopTimer?.();
  };
}
