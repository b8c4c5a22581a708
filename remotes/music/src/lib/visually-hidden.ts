import type { SxProps } from '@loofi/ui-kit';

/** Read by screen readers, not shown: labels a control whose meaning the eye gets from an icon. */
export const VISUALLY_HIDDEN: SxProps = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
};
