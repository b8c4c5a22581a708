import { memo, useEffect } from 'react';
import { useObservableInStep } from '@loofi/ui';
import { FullKitFailure } from '../full-kit/full-kit';
import type { MiniPlayerWindowProps } from './mini-player-window';

/**
 * Where the mini player renders, in the shell's own tree (a portal into its window): one
 * bus, one theme, so both windows always show the same state.
 */
export const MiniPlayerSlot = memo(function MiniPlayerSlot({
  miniPlayer,
  ...props
}: Omit<MiniPlayerWindowProps, 'pipWindow'>) {
  // Rendered as the window arrives, not as a transition: it waits for nothing else.
  const shown = useObservableInStep(miniPlayer.shown$, null);
  const failed = useObservableInStep(miniPlayer.failed$, false);
  // Signing out closes it with the shell.
  useEffect(() => miniPlayer.close, [miniPlayer]);
  if (failed) return <FullKitFailure what="mini player" onClose={miniPlayer.dismissFailure} />;
  return shown && <shown.View pipWindow={shown.window} miniPlayer={miniPlayer} {...props} />;
});
