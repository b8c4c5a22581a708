import type { PlayerCommand, PreferencesStore } from '@loofi/contracts';
import type { PlayerBusController } from '@loofi/contracts/player';
import { startBreakPolicy } from './break-policy';
import type { BreakControls } from './break-policy';
import { startFocusChime } from './focus-chime';
import type { FocusSessionStore } from '@loofi/backend';
import { followFocusSession } from './focus-follow';
import { FOCUS_SESSION_KEY } from './focus-on-demand';
import { browserClock } from '../player/sleep-timer';
import { createFocusSessions } from './focus-session';
import type { FocusClock, FocusSessions } from './focus-session';
import { publishedFocus } from './focus-timer';
import type { PhaseChange } from './focus-timer';

/**
 * Runs the owner's focus timer behind the player bus (contract 1.4): carries out its
 * commands, publishes the session as `focus` (the phase and its deadline, at each change,
 * never per tick), follows another tab's changes to the kept session and, with a `shared`
 * store (Firebase), another device's, and tells `onPhase` of each phase that begins. Given
 * the player and the preferences, its breaks drive the music (break-policy.ts) and each
 * phase begins with a chime (focus-chime.ts). Returns the undo.
 */
export function startFocusTimer(options: {
  bus: PlayerBusController;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  clock?: FocusClock;
  onPhase?: (change: PhaseChange) => void;
  /** The session kept in the backend, shared with the owner's other devices. */
  shared?: FocusSessionStore | undefined;
  music?: BreakControls;
  preferences?: PreferencesStore;
}): () => void {
  const { bus, events = window, onPhase, music, preferences, clock = browserClock } = options;
  const sessions: FocusSessions = createFocusSessions(options.storage, clock);
  const now = () => clock.now();

  const published = sessions.session$.subscribe((session) =>
    bus.setState({ focus: session ? publishedFocus(session, now()) : null }),
  );
  const phases = sessions.changes$.subscribe((change) => onPhase?.(change));
  const stopBreaks =
    music && preferences && startBreakPolicy({ bus, sessions, music, preferences, clock });
  const stopChime = preferences && startFocusChime({ bus, sessions, preferences, clock });
  const commands = bus.commands$.subscribe((command: PlayerCommand) => {
    switch (command.type) {
      case 'focusStart':
        return sessions.start(command.plan);
      case 'focusPause':
        return sessions.pause();
      case 'focusResume':
        return sessions.resume();
      case 'focusSkip':
        return sessions.skip();
      case 'focusStop':
        return sessions.stop();
    }
  });
  const onStorage = (event: StorageEvent) => {
    if (event.key === FOCUS_SESSION_KEY || event.key === null) sessions.reload();
  };
  events.addEventListener('storage', onStorage);
  const stopFollowing = options.shared && followFocusSession(sessions, options.shared, now);

  return () => {
    stopFollowing?.();
    events.removeEventListener('storage', onStorage);
    stopChime?.();
    stopBreaks?.();
    commands.unsubscribe();
    phases.unsubscribe();
    published.unsubscribe();
    sessions.dispose();
  };
}
