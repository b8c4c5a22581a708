import { Tooltip } from '@loofi/ui-kit/base';
import type { ReactElement } from 'react';

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
  return <Tooltip title={title}>{disabled ? <span>{children}</span> : children}</Tooltip>;
}
