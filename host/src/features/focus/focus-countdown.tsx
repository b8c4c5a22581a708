import { memo } from 'react';
import { Typography } from '@loofi/ui-kit/base';
import { formatFocusLeft } from '@loofi/contracts';
import type { PlayerBus } from '@loofi/contracts';
import { useFocusLeft } from '@loofi/ui';

/**
 * The focus session's phase and time left, in the player bar on every tab (and in the mini
 * player, whose `page` it counts on), while one runs.
 */
export const FocusCountdown = memo(function FocusCountdown({
  player,
  page,
}: {
  player: PlayerBus;
  page?: Document | undefined;
}) {
  const { focus, seconds } = useFocusLeft(player, page);
  if (!focus) return null;
  const phase = focus.phase === 'focus' ? 'Focus' : 'Break';
  const left = formatFocusLeft(seconds * 1000);
  return (
    <Typography
      role="timer"
      aria-label={`${phase}: ${left} left${focus.endsAt === null ? ', paused' : ''}`}
      variant="body2"
      sx={{
        flexShrink: 0,
        whiteSpace: 'nowrap',
        fontVariantNumeric: 'tabular-nums',
        color: focus.phase === 'focus' ? 'primary.main' : 'text.secondary',
      }}
    >
      {phase} {left}
    </Typography>
  );
});
