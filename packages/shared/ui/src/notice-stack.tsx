import { useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { NOTICE_STACK_ID } from '@loofi/contracts';

/**
 * A snackbar in the stack sits in its flow, under the ones before it (doubled, to win over
 * the fixed placement MUI gives it from `sm` up), and on the page's own layer: a flex item
 * keeps its z-index even when static, and MUI's snackbar layer would lie over the menus and
 * dialogs opened above it.
 */
const IN_STACK = {
  '&&': { position: 'static', transform: 'none', pointerEvents: 'auto', zIndex: 'auto', mb: 1 },
} as const;

/**
 * Where a notice (a Snackbar) goes: into the page's notice stack (`NOTICE_STACK_ID`) with
 * `sx` placing it in the stack's flow, or, where the page has none, rendered in place (the
 * theme puts a bottom snackbar above the shell's bottom chrome). A hidden `<Activity>` hides
 * its portals too, so a notice of a tab left goes with the tab.
 */
export function useNoticeStack() {
  const [stack] = useState(() =>
    typeof document === 'undefined' ? null : document.getElementById(NOTICE_STACK_ID),
  );
  return {
    sx: stack ? IN_STACK : undefined,
    place: (notice: ReactNode) => (stack ? createPortal(notice, stack) : notice),
  };
}
