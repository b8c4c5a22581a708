import { useEffect, useRef } from 'react';
import type { TabName } from '@loofi/contracts';
import { whenIdle } from '@loofi/ui/async';
import { LAST_DASHBOARD_ID, dismissLastDashboard } from './last-dashboard';
import { keepLastDashboard, takeLastDashboard } from './take-last-dashboard';

/** How long the picture waits for the live tab's first covers, at most. */
const IMAGES_WAIT_MS = 1_000;

/** Whether a tab's panel shows its remote's content: some text, and nothing loading. */
export function showsContent(panel: Element): boolean {
  return (
    panel.querySelector('[role="progressbar"]') === null &&
    (panel.textContent ?? '').trim().length > 0
  );
}

/** Resolves once the images a panel loads at once have arrived (or failed), at most 1 s. */
function imagesArrived(panel: Element): Promise<void> {
  const images = [...panel.querySelectorAll('img:not([loading="lazy"])')].filter(
    (image): image is HTMLImageElement => image instanceof HTMLImageElement,
  );
  const decoded = Promise.all(images.map((image) => image.decode().catch(() => undefined)));
  return Promise.race([
    decoded.then(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, IMAGES_WAIT_MS)),
  ]);
}

/**
 * The last dashboard's picture (./last-dashboard), for the shell: once the tab shown first
 * has its content (and its first covers) on the page, the picture painted by the start
 * script is taken away; then, when the browser is idle, and whenever the owner leaves the
 * page (a phone's app switch, a reload, a closed tab), the page as it is becomes the picture
 * of the next visit.
 */
export function useLastDashboard({
  tab,
  phone,
  panelId,
}: {
  /** The tab shown. */
  tab: TabName;
  phone: boolean;
  /** The id of a tab's panel element. */
  panelId(tab: TabName): string;
}): void {
  const latest = useRef({ tab, phone });
  useEffect(() => {
    latest.current = { tab, phone };
  }, [tab, phone]);

  useEffect(() => {
    const root = document.getElementById('root');
    if (root === null) return;
    const panel = () => document.getElementById(panelId(latest.current.tab));
    let live = false;
    let stopped = false;
    let cancelIdle: () => void = () => undefined;

    const keep = () => {
      // Never a picture of the picture, nor of a tab still loading.
      if (!live || document.getElementById(LAST_DASHBOARD_ID) !== null) return;
      const shown = panel();
      if (shown === null || !showsContent(shown)) return;
      keepLastDashboard(takeLastDashboard(root, latest.current));
    };

    const observer = new MutationObserver(() => check());
    function check() {
      const shown = panel();
      if (shown === null || !showsContent(shown)) return;
      observer.disconnect();
      void imagesArrived(shown).then(() => {
        if (stopped) return;
        // Taken away in a frame's callback: that frame paints the live tab in its place.
        requestAnimationFrame(() => {
          if (stopped) return;
          dismissLastDashboard();
          live = true;
          cancelIdle = whenIdle(keep);
        });
      });
    }
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    check();

    // A page that is left is hidden, then taken down: one picture for the two events.
    let keptWhileHidden = false;
    const onVisibility = () => {
      keptWhileHidden = document.visibilityState === 'hidden';
      if (keptWhileHidden) keep();
    };
    const onPageHide = () => {
      if (!keptWhileHidden) keep();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      stopped = true;
      observer.disconnect();
      cancelIdle();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [panelId]);
}
