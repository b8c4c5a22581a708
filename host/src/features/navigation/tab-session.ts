import { isTabName } from '@loofi/contracts';
import type { TabName } from '@loofi/contracts';

/** The browser storage key of the active tab (SPEC §3). */
export const TAB_SESSION_KEY = 'tab-session';

/**
 * SPEC §2: 'home', 'music' or 'settings'; anything else is treated as settings. A first
 * visit, with nothing stored yet, opens Home.
 */
export function decodeTabSession(stored: string | null): TabName {
  if (stored === null) return 'home';
  return isTabName(stored) ? stored : 'settings';
}

export function readTabSession(storage: Pick<Storage, 'getItem'> = localStorage): TabName {
  try {
    return decodeTabSession(storage.getItem(TAB_SESSION_KEY));
  } catch {
    // Storage can be unavailable (privacy modes); the dashboard still works without it.
    return 'home';
  }
}

export function writeTabSession(tab: TabName, storage: Pick<Storage, 'setItem'> = localStorage) {
  try {
    storage.setItem(TAB_SESSION_KEY, tab);
  } catch {
    // See readTabSession.
  }
}
