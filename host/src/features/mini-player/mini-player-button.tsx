import PictureInPictureAltIcon from '@mui/icons-material/PictureInPictureAlt';
import { IconButton } from '@loofi/ui-kit/base';
import { memo } from 'react';
import { useObservable } from '@loofi/ui';
import { Hint } from '../shell-chrome/hint';
import type { MiniPlayer } from './mini-player';

/**
 * Opens the mini player, or closes it when it is open (pressed then). Its code is fetched as
 * the owner points at or focuses the button, so the press opens it at once.
 */
export const MiniPlayerButton = memo(function MiniPlayerButton({
  miniPlayer,
}: {
  miniPlayer: MiniPlayer;
}) {
  const open = useObservable(miniPlayer.shown$, null) !== null;
  return (
    <Hint title="Mini player">
      <IconButton
        aria-label="Mini player"
        aria-pressed={open}
        color={open ? 'primary' : 'default'}
        onPointerEnter={miniPlayer.prefetch}
        onFocus={miniPlayer.prefetch}
        onClick={miniPlayer.toggle}
      >
        <PictureInPictureAltIcon />
      </IconButton>
    </Hint>
  );
});
