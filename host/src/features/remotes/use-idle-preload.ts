import { startTransition, useEffect, useState } from 'react';
import { REMOTE_IDS } from '@loofi/contracts/apps';
import { whenIdle } from '@loofi/ui/async';
import { warmUpNumberFormat } from '../full-kit/full-kit';
import type { RemoteLoader } from './remote-loader';

/** How long the dashboard is left alone before the other tabs are fetched. */
const IDLE_PRELOAD_DELAY_MS = 2000;

interface NetworkInformationLike {
  saveData?: boolean;
}

/**
 * Once the dashboard has settled, fetch the other tabs' remotes while the browser is idle,
 * one tab at a time: the caller re-renders as each arrives, so its panel can be rendered
 * ahead, hidden (./tab-panels). Each tab's code is fetched and run in one idle period and
 * its hidden panel rendered in the next, so that no two tabs' work lands in one long task
 * (on a phone, the three together held the main thread for a fifth of a second). The first
 * idle period makes the page's first number format, ahead of the full kit. Not when
 * the owner asked the browser to save data; a failure here is silent (the tab retries when
 * opened).
 */
export function useIdlePreload(loader: RemoteLoader): void {
  const [, setPreloaded] = useState(0);
  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: NetworkInformationLike })
      .connection;
    if (connection?.saveData) return;
    let stopped = false;
    let cancel: () => void = () => undefined;
    // Each wait resolves after the delay, or when the browser next has nothing to do (after
    // a tick where it has no idle callbacks); never, once the shell is gone.
    const delay = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = window.setTimeout(resolve, ms);
        cancel = () => window.clearTimeout(timer);
      });
    const idle = () =>
      new Promise<void>((resolve) => {
        cancel = whenIdle(resolve, { timeoutMs: IDLE_PRELOAD_DELAY_MS, fallbackMs: 0 });
      });

    void (async () => {
      await delay(IDLE_PRELOAD_DELAY_MS);
      await idle();
      if (stopped) return;
      warmUpNumberFormat();
      for (const tab of REMOTE_IDS) {
        if (stopped) return;
        if (loader.loadedApp(tab)) continue;
        await idle();
        if (stopped) return;
        const loaded = await loader.load(tab).then(
          () => true,
          () => false,
        );
        if (stopped || !loaded) continue;
        await idle();
        if (stopped) return;
        // A transition: rendering the tab ahead yields to anything the owner does.
        startTransition(() => setPreloaded((count) => count + 1));
      }
    })();
    return () => {
      stopped = true;
      cancel();
    };
  }, [loader]);
}
