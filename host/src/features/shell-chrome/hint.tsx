import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';

/** SPEC §9: tooltips open after 500 ms. */
export const TOOLTIP_ENTER_DELAY_MS = 500;

/**
 * A tooltip that also works on a disabled button (wrapped, since a disabled element fires
 * no pointer events).
 */
export function Hint({
  title,
  children,
  disabled = false,
}: {
  title: string;
  children: ReactElement;
  disabled?: boolean;
}) {
  return (
    <Tooltip title={title} enterDelay={TOOLTIP_ENTER_DELAY_MS}>
      {disabled ? <span>{children}</span> : children}
    </Tooltip>
  );
}
