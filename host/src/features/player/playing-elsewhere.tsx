import { Button, Stack, Typography } from '@loofi/ui-kit/base';
import type { ReactNode } from 'react';
import type { Observable } from 'rxjs';
import type { PlayerBus } from '@loofi/contracts';
import { useObservableInStep } from '@loofi/ui';

/**
 * Where another tab of this browser plays the music: says so, with Play here, which moves the
 * music to this tab at the same position (as Play does); otherwise `children`.
 */
export function PlayingElsewhere({
  player,
  playingElsewhere,
  compact = false,
  children = null,
}: {
  player: PlayerBus;
  playingElsewhere: Observable<boolean> | undefined;
  compact?: boolean;
  children?: ReactNode;
}) {
  if (!playingElsewhere) return children;
  return (
    <Shown player={player} playingElsewhere={playingElsewhere} compact={compact}>
      {children}
    </Shown>
  );
}

function Shown({
  player,
  playingElsewhere,
  compact,
  children,
}: {
  player: PlayerBus;
  playingElsewhere: Observable<boolean>;
  compact: boolean;
  children: ReactNode;
}) {
  const elsewhere = useObservableInStep(playingElsewhere, false);
  if (!elsewhere) return children;
  return (
    <Stack
      direction={compact ? 'column' : 'row'}
      spacing={compact ? 0 : 1.5}
      sx={{ alignItems: 'center', justifyContent: 'center', width: compact ? 'auto' : '100%' }}
    >
      <Typography role="status" variant="caption" color="text.secondary" noWrap>
        Playing in another tab
      </Typography>
      <Button size="small" onClick={() => player.dispatch({ type: 'toggle' })}>
        Play here
      </Button>
    </Stack>
  );
}
