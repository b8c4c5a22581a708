import { useEffect, useRef } from 'react';
import type { RemoteProps, TabName } from '@loofi/shared/contracts';
import { REMOTE_IDS } from '@loofi/shared/federation';
import type { RemoteLoader } from './remote-loader';
import { warmUp } from './warm-up';

/** How long the dashboard is left alone before the other tabs are fetched. */
export const IDLE_PRELOAD_DELAY_MS = 2000;

interface NetworkInformationLike {
  saveData?: boolean;
}

/**
 * Once the dashboard has settled, fetch the other tabs' remotes while the browser is idle
 * and render each once, hidden (./warm-up), so the first switch to them is as fast as a
 * warm one. Not when the owner asked the browser to save data; a failure here is silent
 * (the tab retries when opened).
 */
export function useIdlePreload(loader: RemoteLoader, activeTab: TabName, props: RemoteProps): void {
  // The latest, read when the idle moment comes; changing tabs does not restart the wait.
  const latest = useRef({ activeTab, props });
  useEffect(() => {
    latest.current = { activeTab, props };
  });

  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: NetworkInformationLike })
      .connection;
    if (connection?.saveData) return;
    let idle: number | null = null;
    const preload = () => {
      for (const tab of REMOTE_IDS) {
        const wasLoaded = loader.loadedApp(tab) !== undefined;
        loader.load(tab).then(
          (App) => {
            if (!wasLoaded && tab !== latest.current.activeTab) warmUp(App, latest.current.props);
          },
          () => undefined,
        );
      }
    };
    const timer = window.setTimeout(() => {
      idle =
        typeof window.requestIdleCallback === 'function'
          ? window.requestIdleCallback(preload, { timeout: IDLE_PRELOAD_DELAY_MS })
          : window.setTimeout(preload, 0);
    }, IDLE_PRELOAD_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      if (idle !== null && typeof window.cancelIdleCallback === 'function') {
        window.cancelIdleCallback(idle);
      }
    };
  }, [loader]);
}
