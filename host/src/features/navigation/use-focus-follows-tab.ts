import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import type { TabName } from '@loofi/contracts';

/**
 * When the tab shown changes under the keyboard's focus (a Home card opened Music, Alt+←
 * left the tab that held it), the content takes the focus instead of the page's body. A
 * load leaves it alone, so the first Tab reaches Skip to content.
 */
export function useFocusFollowsTab(main: RefObject<HTMLElement | null>, shownTab: TabName): void {
  const lastTab = useRef(shownTab);
  useEffect(() => {
    if (lastTab.current === shownTab) return;
    lastTab.current = shownTab;
    const content = main.current;
    const focused = document.activeElement;
    const lost =
      focused === null ||
      focused === document.body ||
      (content?.contains(focused) === true && !focused.checkVisibility());
    if (lost) content?.focus({ preventScroll: true });
  }, [main, shownTab]);
}
