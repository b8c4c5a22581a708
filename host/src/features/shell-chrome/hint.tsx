import { Tooltip } from '@loofi/ui-kit/base';
import type { ReactElement } from 'react';

/**
 * A tooltip that also works on a button that can be disabled: such a button is wrapped
 * (a disabled element fires no pointer events), always, so that it stays the same element
 * as it is disabled and enabled, and the keyboard's focus can stay with it.
 */
export function Hint({
  title,
  children,
  disabled,
}: {
  title: string;
  children: ReactElement;
  /** Whether the button can be disabled (and is now): given, the button is wrapped. */
  disabled?: boolean;
}) {
  return (
    <Tooltip title={title}>{disabled === undefined ? children : <span>{children}</span>}</Tooltip>
  );
}
