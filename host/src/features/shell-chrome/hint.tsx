import { Tooltip } from '@loofi/ui-kit/base';
import type { ReactElement } from 'react';
import { TOOLTIP_ENTER_DELAY_MS } from '@loofi/shared/ui';

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
