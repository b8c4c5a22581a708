import { useLayoutEffect } from 'react';
import type { RefObject } from 'react';
import { BOTTOM_CHROME_PROPERTY } from '@loofi/ui';

/**
 * Keeps the height of the shell's chrome along the bottom of the screen (the player, and on
 * a phone the tabs) on the root element, where the theme places bottom notices above it
 * (`BOTTOM_CHROME_PROPERTY`). It follows the chrome as it changes (a phone turned, the
 * player's rows); gone with the shell, notices go back to the screen's edge.
 */
export function useBottomChromeHeight(chrome: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = chrome.current;
    const root = document.documentElement;
    if (!element) return;
    const publish = (height: number) =>
      root.style.setProperty(BOTTOM_CHROME_PROPERTY, `${Math.ceil(height)}px`);
    if (typeof ResizeObserver === 'undefined') {
      // A test's DOM: the first height stays.
      publish(element.getBoundingClientRect().height);
      return () => root.style.removeProperty(BOTTOM_CHROME_PROPERTY);
    }
    // The observer reports the first size once the frame is laid out: reading it here, in
    // the dashboard's commit, forced a layout of the whole new page (19 ms on a phone).
    const observer = new ResizeObserver(([entry]) => {
      const box = entry?.borderBoxSize[0];
      if (box) publish(box.blockSize);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(BOTTOM_CHROME_PROPERTY);
    };
  }, [chrome]);
}
