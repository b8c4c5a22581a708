import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@loofi/ui-kit/base';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import { useId } from 'react';
import type { RemoteProps, Track } from '@loofi/contracts';
import { EmptyLibrary } from './empty-library';
import { plainTrack, sameTrack } from '@loofi/contracts';
import { TrackCard } from './track-card';

/** How many covers, from the first, are in the first row on most screens. */
const EAGER_COVERS = 4;
import { useHomeTracks } from './use-home-tracks';

/** Cards for the tracks of the shuffled queue; a click plays one, or pauses the playing one. */
export function TrackCards({
  player,
  library,
  navigate,
}: Pick<RemoteProps, 'player' | 'library' | 'navigate'>) {
  const headingId = useId();
  const view = useHomeTracks({ player, library });
  // SPEC §4: the host's player toggles when it is asked to play the track it already has.
  const play = (track: Track) => player.dispatch({ type: 'play', track: plainTrack(track) });

  return (
    <Stack component="section" spacing={2} aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2">
        Queue
      </Typography>
      {view.status === 'loading' && (
        <CircularProgress aria-label="Loading your tracks" sx={{ alignSelf: 'center' }} />
      )}
      {view.status === 'failed' && (
        <Alert severity="error">
          Your tracks could not be loaded. Check your connection, then reload the page.
        </Alert>
      )}
      {view.status === 'empty' && <EmptyLibrary navigate={navigate} />}
      {view.status === 'ready' && (
        <>
          <Box
            component="ul"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
              gap: 2,
              listStyle: 'none',
              m: 0,
              p: 0,
            }}
          >
            {view.shown.map((track, index) => (
              <TrackCard
                key={track.audio}
                track={track}
                // The first row is on screen at once: its covers load eagerly (the first
                // is usually the page's largest paint); the rest only when scrolled near.
                eager={index < EAGER_COVERS}
                current={sameTrack(track, view.current)}
                playing={view.playing}
                onPlay={play}
              />
            ))}
          </Box>
          {view.total > view.shown.length && (
            <Button
              onClick={() => navigate('music')}
              endIcon={<ArrowForwardRounded />}
              sx={{ alignSelf: 'flex-start' }}
            >
              {`Show all ${view.total} tracks`}
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
