import { useLayoutEffect, useRef } from 'react';
import type { RefObject } from 'react';
import type { TabName } from '@loofi/contracts';

/**
 * When the tab shown changes, the content (one scroller for every tab) starts at its top,
 * as each visit starts afresh, rather than where the tab left was scrolled. Under the
 * keyboard's focus (a Home card opened Music, Alt+← left the tab that held it), the content
 * takes the focus instead of the page's body. A load leaves both alone, so the first Tab
 * reaches Skip to content.
 */
export function useContentFollowsTab(main: RefObject<HTMLElement | null>, shownTab: TabName): void {
  const lastTab = useRef(shownTab);
  // Before the new tab's first frame: it never shows at the old tab's scroll.
  useLayoutEffect(() => {
    if (lastTab.current === shownTab) return;
    lastTab.current = shownTab;
    const content = main.current;
    content?.scrollTo({ top: 0, left: 0 });
    const focused = document.activeElement;
    const lost =
      focused === null ||
      focused === document.body ||
      (content?.contains(focused) === true && !focused.checkVisibility());
    if (lost) content?.focus({ preventScroll: true });
  }, [main, shownTab]);
}
