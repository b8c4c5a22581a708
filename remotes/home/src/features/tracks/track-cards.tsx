import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Snackbar,
  Stack,
  Typography,
} from '@loofi/ui-kit/base';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import { memo, useCallback, useDeferredValue, useId, useState } from 'react';
import type { ReactNode } from 'react';
import type { RemoteProps, Track } from '@loofi/contracts';
import { acceptsCommand } from '@loofi/contracts/player';
import { useNoticeStack } from '@loofi/ui';
import { EmptyLibrary } from './empty-library';
import { LIBRARY_UNREADABLE_MESSAGE, plainTrack, sameTrack } from '@loofi/contracts';
import { TrackCard } from './track-card';

/** How many covers, from the first, are in the first row on most screens. */
const EAGER_COVERS = 4;
/** How long the confirmation of Play next stays; hovering or focusing it holds it. */
const CONFIRMATION_HIDE_MS = 4000;
import { useHomeTracks } from './use-home-tracks';
import type { HomeTracks } from './home-tracks';

/**
 * Cards for the tracks of the shuffled queue; a click plays one, or pauses the playing one.
 * Where the shell's player has a queue to shape (contract 1.2), each card but the current
 * one offers Play next too.
 */
export function TrackCards({
  player,
  library,
  navigate,
  after,
}: Pick<RemoteProps, 'player' | 'library' | 'navigate'> & {
  /** What follows the cards, shown once they are: it never moves down as they arrive. */
  after?: ReactNode;
}) {
  const headingId = useId();
  // The player bar answers a press on Play in its own frame; the cards follow in the next.
  const view = useDeferredValue(useHomeTracks({ player, library }));
  // SPEC §4: the host's player toggles when it is asked to play the track it already has.
  const play = useCallback(
    (track: Track) => player.dispatch({ type: 'play', track: plainTrack(track) }),
    [player],
  );
  // A shell that does not say it accepts playNext would drop it: the button is not offered.
  const canPlayNext = acceptsCommand(player, 'playNext');
  const [confirmation, setConfirmation] = useState<{ id: number; text: string } | null>(null);
  const stack = useNoticeStack();
  const playNext = useCallback(
    (track: Track) => {
      player.dispatch({ type: 'playNext', track: plainTrack(track) });
      setConfirmation((last) => ({
        id: (last?.id ?? 0) + 1,
        text: `“${track.title}” will play next.`,
      }));
    },
    [player],
  );

  return (
    <>
      <Stack component="section" spacing={2} aria-labelledby={headingId}>
        <Typography id={headingId} variant="h6" component="h2">
          Queue
        </Typography>
        <CardsView
          view={view}
          onPlay={play}
          onPlayNext={canPlayNext ? playNext : undefined}
          navigate={navigate}
        />
        {stack.place(
          <Snackbar
            key={confirmation?.id}
            sx={stack.sx}
            open={confirmation !== null}
            autoHideDuration={CONFIRMATION_HIDE_MS}
            onClose={(_event, reason) => {
              if (reason !== 'clickaway') setConfirmation(null);
            }}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
          >
            {confirmation ? (
              <Alert severity="success" variant="filled" onClose={() => setConfirmation(null)}>
                {confirmation.text}
              </Alert>
            ) : undefined}
          </Snackbar>,
        )}
      </Stack>
      {view.status !== 'loading' && after}
    </>
  );
}

/**
 * What the queue shows for a view of it; a render of the section that leaves the view as it
 * was (a press, before its deferred view has come) skips it.
 */
const CardsView = memo(function CardsView({
  view,
  onPlay,
  onPlayNext,
  navigate,
}: {
  view: HomeTracks;
  onPlay(track: Track): void;
  onPlayNext: ((track: Track) => void) | undefined;
  navigate: RemoteProps['navigate'];
}) {
  return (
    <>
      {view.status === 'loading' && (
        <CircularProgress aria-label="Loading your tracks" sx={{ alignSelf: 'center' }} />
      )}
      {view.status === 'failed' && <Alert severity="error">{LIBRARY_UNREADABLE_MESSAGE}</Alert>}
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
            {view.shown.map((track, index) => {
              const current = sameTrack(track, view.current);
              return (
                <TrackCard
                  key={track.audio}
                  track={track}
                  // The first row is on screen at once: its covers load eagerly (the first
                  // is usually the page's largest paint); the rest only when scrolled near.
                  eager={index < EAGER_COVERS}
                  current={current}
                  // Only the current card shows whether the player plays: a press on Play
                  // or Pause re-renders that card, not the queue.
                  playing={current && view.playing}
                  onPlay={onPlay}
                  // The player ignores Play next for the track it has now.
                  onPlayNext={current ? undefined : onPlayNext}
                />
              );
            })}
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
    </>
  );
});
