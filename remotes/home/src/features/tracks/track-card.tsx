import {
  Box,
  Card,
  CardActionArea,
  CardContent,
  IconButton,
  Tooltip,
  Typography,
  visuallyHidden,
} from '@loofi/ui-kit/base';
import PauseRounded from '@mui/icons-material/PauseRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import QueuePlayNextRounded from '@mui/icons-material/QueuePlayNextRounded';
import { memo } from 'react';
import type { Track } from '@loofi/contracts';
import { TrackCover } from './track-cover';

/** SPEC §2: the class the current song's card carries while it is playing. */
const PAUSE_CLASS = 'pause';

const ACTION_CLASS = 'track-card-action';
const PLAY_NEXT_CLASS = 'track-card-play-next';

export const TrackCard = memo(function TrackCard({
  track,
  current,
  playing,
  onPlay,
  onPlayNext,
  eager = false,
}: {
  track: Track;
  /** Load the cover at once, not when it scrolls near. */
  eager?: boolean;
  /** Whether this is the player's current track. */
  current: boolean;
  /** Whether the player is playing this card's track. */
  playing: boolean;
  onPlay(track: Track): void;
  /** Puts the track right after the current one; absent where the shell cannot (before 1.2). */
  onPlayNext?: ((track: Track) => void) | undefined;
}) {
  const pausable = current && playing;
  const Icon = pausable ? PauseRounded : PlayArrowRounded;
  return (
    <Card
      component="li"
      className={pausable ? PAUSE_CLASS : undefined}
      aria-current={current ? 'true' : undefined}
      sx={{
        position: 'relative',
        outline: current ? 2 : 0,
        outlineColor: 'primary.main',
        outlineOffset: -2,
        // With a mouse, Play next shows over the cover the card is pointed at or focused in;
        // a finger, which cannot point first, always sees it.
        '@media (hover: hover)': {
          [`& .${PLAY_NEXT_CLASS}`]: { opacity: 0 },
          [`&:hover .${PLAY_NEXT_CLASS}, &:focus-within .${PLAY_NEXT_CLASS}`]: { opacity: 1 },
        },
      }}
    >
      <CardActionArea
        onClick={() => onPlay(track)}
        sx={{
          height: '100%',
          [`&:hover .${ACTION_CLASS}, &.Mui-focusVisible .${ACTION_CLASS}`]: { opacity: 1 },
        }}
      >
        {/* Named by what it shows, the title and author, after what it does (WCAG 2.5.3). */}
        <Box component="span" sx={visuallyHidden}>
          {pausable ? 'Pause' : 'Play'}
        </Box>
        <Box sx={{ position: 'relative' }}>
          <TrackCover image={track.image} eager={eager} />
          <Box
            className={ACTION_CLASS}
            sx={{
              position: 'absolute',
              right: 8,
              bottom: 8,
              display: 'grid',
              placeItems: 'center',
              width: 44,
              height: 44,
              borderRadius: '50%',
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              boxShadow: 3,
              opacity: current ? 1 : 0,
              transition: 'opacity 150ms',
            }}
          >
            <Icon />
          </Box>
        </Box>
        <CardContent>
          <Typography noWrap dir="auto" sx={{ fontWeight: 600 }}>
            {track.title}
          </Typography>
          <Typography noWrap dir="auto" variant="body2" sx={{ color: 'text.secondary' }}>
            {track.author}
          </Typography>
        </CardContent>
      </CardActionArea>
      {onPlayNext && (
        <Tooltip title="Play next" describeChild>
          <IconButton
            className={PLAY_NEXT_CLASS}
            size="small"
            aria-label={`Play next ${track.title} ${track.author}`}
            onClick={() => onPlayNext(track)}
            sx={{
              position: 'absolute',
              top: 8,
              right: 8,
              color: 'common.white',
              // Legible over any cover, light or dark.
              bgcolor: 'rgba(0, 0, 0, 0.6)',
              '&:hover': { bgcolor: 'rgba(0, 0, 0, 0.8)' },
              transition: 'opacity 150ms',
            }}
          >
            <QueuePlayNextRounded fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Card>
  );
});
