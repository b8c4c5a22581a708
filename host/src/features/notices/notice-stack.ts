import { useLayoutEffect } from 'react';
import type { RefObject } from 'react';
import { NOTICE_STACK_ID } from '@loofi/contracts';
import { aboveBottomChrome } from '@loofi/ui';

const STACK_STYLE = 'display:flex;flex-direction:column;align-items:center;padding:0 8px;';
// Alone (the sign-in page, the starting shell) it floats over the page's bottom edge.
const FLOATING = `${STACK_STYLE}position:fixed;left:0;right:0;bottom:${aboveBottomChrome(0)};z-index:1400;pointer-events:none;`;
// Docked in the shell it is a row of the page above the player: it covers no content.
const DOCKED = `${STACK_STYLE}position:static;`;

/**
 * The page's one place for notices (`NOTICE_STACK_ID`): a landmark every app's notices go
 * into, one under the other. Returns the element a root of the host's own renders into
 * (the offline notice, up before anything else can fail to load); the others are portals.
 */
export function createNoticeStack(): HTMLElement {
  const stack = document.createElement('div');
  stack.id = NOTICE_STACK_ID;
  stack.setAttribute('role', 'region');
  stack.setAttribute('aria-label', 'Notices');
  stack.style.cssText = FLOATING;
  const own = document.createElement('div');
  own.style.display = 'contents';
  stack.append(own);
  document.body.append(stack);
  return own;
}

/** Docks the notice stack in `dock` while the shell is there, so it covers no content. */
export function useDockedNoticeStack(dock: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const stack = document.getElementById(NOTICE_STACK_ID);
    const place = dock.current;
    if (!stack || !place) return;
    place.append(stack);
    stack.style.cssText = DOCKED;
    return () => {
      document.body.append(stack);
      stack.style.cssText = FLOATING;
    };
  }, [dock]);
}
