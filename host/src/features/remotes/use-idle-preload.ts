import { startTransition, useEffect, useState } from 'react';
import { REMOTE_IDS } from '@loofi/contracts/apps';
import type { RemoteLoader } from './remote-loader';

/** How long the dashboard is left alone before the other tabs are fetched. */
const IDLE_PRELOAD_DELAY_MS = 2000;

interface NetworkInformationLike {
  saveData?: boolean;
}

/**
 * Once the dashboard has settled, fetch the other tabs' remotes while the browser is idle;
 * the caller re-renders as each arrives, so their panels can be rendered ahead, hidden
 * (./tab-panels). Not when the owner asked the browser to save
 * data; a failure here is silent (the tab retries when opened).
 */
export function useIdlePreload(loader: RemoteLoader): void {
  const [, setPreloaded] = useState(0);
  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: NetworkInformationLike })
      .connection;
    if (connection?.saveData) return;
    let idle: number | null = null;
    const preload = () => {
      for (const tab of REMOTE_IDS) {
        if (loader.loadedApp(tab)) continue;
        loader.load(tab).then(
          // A transition: rendering the tab ahead yields to anything the owner does.
          () => startTransition(() => setPreloaded((count) => count + 1)),
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
