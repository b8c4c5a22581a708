import type { FocusSessionStore } from '@loofi/backend';
import type { FocusSessions } from './focus-session';
import { decodeFocusSession } from './focus-timer';

/**
 * Keeps the focus session in step with the owner's other devices through the backend
 * (Firebase): each change made here (start, pause, resume, skip, stop) is written with its
 * time, and a change written later elsewhere is taken as this device's own. A running phase
 * travels as its deadline and a paused one as what is left of it, so the phases that end on
 * their own need no write: every device reaches the same deadline. Returns the undo.
 */
export function followFocusSession(
  sessions: FocusSessions,
  store: FocusSessionStore,
  now: () => number,
): () => void {
  /** When the latest change this device made or took was made: anything older is old news. */
  let latest = -Infinity;
  const edits = sessions.edits$.subscribe((session) => {
    // Two changes within one millisecond still follow each other.
    latest = Math.max(now(), latest + 1);
    store.write({ session, at: latest }).catch(() => undefined);
  });
  const stored = store.session$.subscribe(({ session, at }) => {
    if (at <= latest) return;
    const decoded = session && decodeFocusSession(session);
    if (session && !decoded) return;
    latest = at;
    sessions.adopt(decoded);
  });
  return () => {
    edits.unsubscribe();
    stored.unsubscribe();
  };
}
