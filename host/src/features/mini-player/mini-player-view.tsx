import SkipNextIcon from '@mui/icons-material/SkipNext';
import SkipPreviousIcon from '@mui/icons-material/SkipPrevious';
import { Alert, Box, IconButton, Stack, Typography, visuallyHidden } from '@loofi/ui-kit/base';
import { memo, useEffect, useState } from 'react';
import type { PlaybackState, PlayerBus } from '@loofi/contracts';
import { ERROR_HIDE_MS, useObservable } from '@loofi/ui';
import { FocusCountdownSlot } from '../focus/focus-countdown-slot';
import { PlayPause, SeekRow, TrackCover, TrackNames, usePlayback } from '../player/player-bar';
import type { SleepTimer, SleepTimerState } from '../player/sleep-timer';

const OFF: SleepTimerState = { kind: 'off' };
const errorOf = (playback: PlaybackState) => playback.error;

/**
 * What the mini player's window shows: the cover, title and author; the focus and sleep
 * countdowns while they run, or the latest error; Previous, Play/Pause (with the bar's
 * Buffering ring), Next and the position: the bar's own parts.
 */
export function MiniPlayerView({
  player,
  page,
  sleepTimer,
}: {
  player: PlayerBus;
  /** The window's document: the position and the countdowns follow while it is seen. */
  page: Document;
  sleepTimer?: SleepTimer | undefined;
}) {
  return (
    <Box
      component="main"
      sx={{
        height: '100vh',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        gap: 0.5,
        p: 1,
        overflow: 'hidden',
        bgcolor: 'background.paper',
      }}
    >
      <Typography component="h1" sx={visuallyHidden}>
        Mini player
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        <TrackCover player={player} size={56} />
        <TrackNames player={player} />
      </Stack>
      <StatusRow player={player} page={page} sleepTimer={sleepTimer} />
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        <IconButton aria-label="Previous" onClick={() => player.dispatch({ type: 'previous' })}>
          <SkipPreviousIcon />
        </IconButton>
        <PlayPause player={player} />
        <IconButton aria-label="Next" onClick={() => player.dispatch({ type: 'next' })}>
          <SkipNextIcon />
        </IconButton>
        <Box sx={{ flex: 1, minWidth: 0, pl: 1 }}>
          <SeekRow player={player} page={page} />
        </Box>
      </Stack>
    </Box>
  );
}

/** The latest error, as the bar's notice shows it (until dismissed, or 5 s); else the countdowns. */
const StatusRow = memo(function StatusRow({
  player,
  page,
  sleepTimer,
}: {
  player: PlayerBus;
  page: Document;
  sleepTimer?: SleepTimer | undefined;
}) {
  const error = usePlayback(player, errorOf);
  const [dismissedError, setDismissedError] = useState<string | null>(null);
  useEffect(() => {
    if (error === null) return undefined;
    const timeout = setTimeout(() => setDismissedError(error), ERROR_HIDE_MS);
    return () => clearTimeout(timeout);
  }, [error]);
  if (error !== null && error !== dismissedError) {
    return (
      <Alert
        severity="error"
        variant="filled"
        icon={false}
        onClose={() => setDismissedError(error)}
        sx={{
          py: 0,
          px: 1,
          typography: 'caption',
          '& .MuiAlert-message': {
            py: 0.25,
            overflow: 'hidden',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
          },
          '& .MuiAlert-action': { py: 0, mr: 0 },
        }}
      >
        {error}
      </Alert>
    );
  }
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0, minHeight: 20 }}>
      <FocusCountdownSlot player={player} page={page} />
      {sleepTimer && <SleepCountdown timer={sleepTimer} />}
    </Stack>
  );
});

/** The sleep timer's time left, in the words of its button ("Sleep timer: 14 minutes left"). */
const SleepCountdown = memo(function SleepCountdown({ timer }: { timer: SleepTimer }) {
  const running = useObservable(timer.state$, OFF).kind !== 'off';
  const name = useObservable(timer.name$, 'Sleep timer');
  return running ? (
    <Typography role="timer" variant="body2" noWrap color="text.secondary">
      {name}
    </Typography>
  ) : null;
});
