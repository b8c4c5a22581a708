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
    const publish = () =>
      root.style.setProperty(
        BOTTOM_CHROME_PROPERTY,
        `${Math.ceil(element.getBoundingClientRect().height)}px`,
      );
    publish();
    // Without ResizeObserver (a test's DOM) the first height stays.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(BOTTOM_CHROME_PROPERTY);
    };
  }, [chrome]);
}
