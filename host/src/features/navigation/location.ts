import { useEffect, useSyncExternalStore } from 'react';

/**
 * The address bar, for a site of two routes (SPEC §2: `/` and `/auth`). Tabs are not
 * routes (they live in `tab-session` and the shell's own history), so a router library
 * would be most of the sign-in page's script for two redirects.
 */
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

const pathname = () => window.location.pathname;

export function usePathname(): string {
  return useSyncExternalStore(subscribe, pathname, () => '/');
}

/** Changes the path without a reload; `replace` leaves no history entry behind. */
export function navigate(path: string, { replace = false }: { replace?: boolean } = {}): void {
  if (path === window.location.pathname) return;
  if (replace) window.history.replaceState(null, '', path);
  else window.history.pushState(null, '', path);
  for (const listener of listeners) listener();
}

/** Sends the browser to `to` once rendered, replacing the current entry. */
export function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}
