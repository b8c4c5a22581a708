// In the first script: only what keeps a share for later. Reading it is the `share` chunk's.
import { DASHBOARD_PATH } from '../auth/paths';

/** Where the web app manifest's share target (`share_target.action`) opens loofi. */
export const SHARE_PATH = '/share';
/** Where a share waits, in this tab's session storage, until the dashboard opens it. */
export const KEPT_SHARE_KEY = 'loofi-share';

type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * On the share target, keeps the share's query string where it outlives a sign-in, and
 * shows / in the address bar instead, in place (Back does not open the share again).
 */
export function keepShare(
  storage: SessionStorage = sessionStorage,
  { location, history }: Pick<Window, 'location' | 'history'> = window,
): void {
  if (location.pathname !== SHARE_PATH) return;
  try {
    storage.setItem(KEPT_SHARE_KEY, location.search);
  } catch {
    // Storage unavailable (a privacy mode): the share is lost, the page opens as usual.
  }
  history.replaceState(history.state, '', DASHBOARD_PATH);
}

/** The kept share's query string, or null when none waits. */
export function keptShare(storage: SessionStorage = sessionStorage): string | null {
  try {
    return storage.getItem(KEPT_SHARE_KEY);
  } catch {
    return null;
  }
}

export function forgetKeptShare(storage: SessionStorage = sessionStorage): void {
  try {
    storage.removeItem(KEPT_SHARE_KEY);
  } catch {
    // Nothing could be kept either.
  }
}
