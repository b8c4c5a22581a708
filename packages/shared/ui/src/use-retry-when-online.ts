import { useEffect } from 'react';

/**
 * While `failed`, calls `retry` as soon as the browser reports that it is online again, so
 * a piece that could not load over a dropped connection comes back by itself. `retry`
 * should be stable (a `useCallback`).
 */
export function useRetryWhenOnline(failed: boolean, retry: () => void): void {
  useEffect(() => {
    if (!failed) return;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [failed, retry]);
}
