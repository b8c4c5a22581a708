// In the first script, so kept small: what is in the share is the `share` chunk's to read.
import { DASHBOARD_PATH } from '../auth/paths';

/** Where the web app manifest's share target (`share_target.action`) opens loofi. */
export const SHARE_PATH = '/share';
/** Where a share waits, in this tab's session storage, until the dashboard opens it. */
export const KEPT_SHARE_KEY = 'loofi-share';

/**
 * On the share target, keeps the share's query string where it outlives a sign-in, and
 * shows / in the address bar instead, in place (Back does not open the share again).
 */
export function keepShare(): void {
  if (location.pathname !== SHARE_PATH) return;
  try {
    sessionStorage.setItem(KEPT_SHARE_KEY, location.search);
  } catch {
    // Storage unavailable (a privacy mode): the share is lost, the page opens as usual.
  }
  history.replaceState(null, '', DASHBOARD_PATH);
}

/** The kept share's query string, or null when none waits. */
export function keptShare(): string | null {
  try {
    return sessionStorage.getItem(KEPT_SHARE_KEY);
  } catch {
    return null;
  }
}
