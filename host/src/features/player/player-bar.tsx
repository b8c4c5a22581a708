import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import SkipPreviousIcon from '@mui/icons-material/SkipPrevious';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import {
  Alert,
  Avatar,
  Box,
  CircularProgress,
  IconButton,
  Slider,
  Snackbar,
  Stack,
  Typography,
  visuallyHidden,
} from '@loofi/ui-kit/base';
import { memo, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { OfflineTracks, PlaybackState, PlayerBus } from '@loofi/contracts';
import {
  INITIAL_PLAYBACK,
  INITIAL_POSITION,
  INITIAL_VOLUME,
  playbackOf,
  positionOf,
  volumeOf,
} from '@loofi/contracts/player';
import { distinctUntilChanged, map } from 'rxjs';
import type { Observable } from 'rxjs';
import { ERROR_HIDE_MS, useNoticeStack, useObservableInStep, usePhoneLayout } from '@loofi/ui';
import { AmbienceButton } from '../ambience/ambience-button';
import type { AmbienceOnDemand } from '../ambience/ambience-on-demand';
import { FocusCountdownSlot } from '../focus/focus-countdown-slot';
import type { MiniPlayer } from '../mini-player/mini-player';
import { MiniPlayerButton } from '../mini-player/mini-player-button';
import { Hint } from '../shell-chrome/hint';
import { PlayingElsewhere } from './playing-elsewhere';
import { QueueButton } from './queue-button';
import { shownPosition } from './shown-position';
import type { ShownPage } from './shown-position';
import type { SleepTimer } from './sleep-timer';
import { SleepTimerButton } from './sleep-timer-button';

/** SPEC §2: with no saved session, the default track's fallback title, author and cover. */
const DEFAULT_TRACK = { title: 'Lo-fi beats to relax to', author: 'loofi' };

/** m:ss, or h:mm:ss from an hour on; anything not a time reads 0:00. */
export function formatTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00';
  const whole = Math.floor(seconds);
  const pad = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  return hours > 0
    ? `${hours}:${pad(minutes)}:${pad(whole % 60)}`
    : `${minutes}:${pad(whole % 60)}`;
}

/** Under 720 px wide the one row leaves out the cover, so that the names keep their room. */
const NARROW_ROW = {
  '@media (min-width:600px) and (max-width:719.95px)': {
    '& > .MuiAvatar-root': { display: 'none' },
  },
} as const;

/**
 * The player bar at the bottom of the shell; it only dispatches and shows the bus state.
 * It follows the bus in its parts: the cover, the names, Play/Pause and the error what
 * plays, the seek row the position (once a second, and not while the page is hidden), the
 * volume control the volume — so a position tick re-renders the seek row alone, and the
 * compact bar of a phone not at all. The Queue, the Ambience, the sleep timer and the Mini
 * player, when there are, sit by the volume; a phone shows them in the whole player only.
 */
export function PlayerBar({
  player,
  sleepTimer,
  ambience,
  offline,
  playingElsewhere,
  miniPlayer,
}: {
  player: PlayerBus;
  sleepTimer?: SleepTimer;
  /** The ambient sound mixed under the music, loaded when first opened. */
  ambience?: AmbienceOnDemand | undefined;
  /** Tracks kept offline, for the queue's Keep offline; absent where none can be kept. */
  offline?: OfflineTracks | undefined;
  /** One player per browser: whether another tab plays the music now. */
  playingElsewhere?: Observable<boolean> | undefined;
  /** The mini player, where the browser can open one. */
  miniPlayer?: MiniPlayer | undefined;
}) {
  // On a phone the player is one compact row until the owner asks for all of it.
  const phone = usePhoneLayout();
  const [expanded, setExpanded] = useState(false);
  const compact = phone && !expanded;
  // The toggle is one button in each layout: the one that appears takes the focus, which
  // never falls to the page.
  const toggled = useRef(false);
  const toggle = (next: boolean) => {
    toggled.current = true;
    setExpanded(next);
  };
  const focusIfToggled = (button: HTMLButtonElement | null) => {
    if (button && toggled.current) {
      toggled.current = false;
      button.focus();
    }
  };

  // The bar itself follows no stream: what plays is followed by the few parts that show it
  // (cover, names, Play/Pause, the error), so a press on Play re-renders those alone.
  const cover = <TrackCover player={player} size={compact ? 40 : 48} />;
  const names = <TrackNames player={player} />;
  const playPause = <PlayPause player={player} />;
  // What a press on Play does not change keeps its element, so React skips it then.
  const next = useMemo(
    () => (
      <Hint title="Next">
        <IconButton
          aria-label="Next"
          onClick={() => player.dispatch({ type: 'next' })}
          sx={{ width: 48, height: 48 }}
        >
          <SkipNextIcon />
        </IconButton>
      </Hint>
    ),
    [player],
  );
  const previous = useMemo(
    () => (
      <Hint title="Previous">
        <IconButton aria-label="Previous" onClick={() => player.dispatch({ type: 'previous' })}>
          <SkipPreviousIcon />
        </IconButton>
      </Hint>
    ),
    [player],
  );
  const errorSnackbar = <PlaybackError player={player} />;

  if (compact) {
    return (
      <Box
        component="section"
        aria-label="Player"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 1.5,
          py: 0.5,
          borderTop: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        {cover}
        {names}
        <FocusCountdownSlot player={player} />
        <PlayingElsewhere player={player} playingElsewhere={playingElsewhere} compact />
        {playPause}
        {next}
        <IconButton
          ref={focusIfToggled}
          aria-label="Show the whole player"
          aria-expanded={false}
          onClick={() => toggle(true)}
          sx={{ width: 48, height: 48 }}
        >
          <ExpandLessIcon />
        </IconButton>
        {errorSnackbar}
      </Box>
    );
  }

  return (
    <Box
      component="section"
      aria-label="Player"
      // Escape closes a phone's whole player, as it closes a panel (not from a menu it opened).
      onKeyDown={
        phone
          ? (event: KeyboardEvent<HTMLElement>) => {
              if (event.key === 'Escape' && event.currentTarget.contains(event.target as Node)) {
                toggle(false);
              }
            }
          : undefined
      }
      sx={{
        display: 'grid',
        // From 600 px one row: the track (no cover below 720 px), the transport over its seek
        // row, the tray (whose volume narrows below 900 px); a phone's whole player stacks them.
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 2fr) minmax(168px, 3fr) auto' },
        alignItems: 'center',
        gap: { xs: 2, sm: 1, md: 2 },
        px: 2,
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', minWidth: 0, ...NARROW_ROW }}
      >
        {cover}
        {names}
        {phone && (
          <IconButton
            ref={focusIfToggled}
            aria-label="Show less of the player"
            aria-expanded
            onClick={() => toggle(false)}
            sx={{ width: 48, height: 48 }}
          >
            <ExpandMoreIcon />
          </IconButton>
        )}
      </Stack>

      <Stack spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Stack direction="row" spacing={1}>
          {previous}
          {playPause}
          {next}
        </Stack>
        {/* Where another tab plays, this tab says so in place of its seek row. */}
        <PlayingElsewhere player={player} playingElsewhere={playingElsewhere}>
          <SeekRow player={player} />
        </PlayingElsewhere>
      </Stack>

      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifySelf: { sm: 'end' }, minWidth: 0 }}
      >
        <FocusCountdownSlot player={player} />
        <QueueButton player={player} {...(offline ? { offline } : {})} />
        {ambience && <AmbienceButton ambience={ambience} />}
        {sleepTimer && <SleepTimerButton timer={sleepTimer} />}
        {miniPlayer && <MiniPlayerButton miniPlayer={miniPlayer} />}
        <VolumeControl player={player} />
      </Stack>

      {errorSnackbar}
    </Box>
  );
}

/**
 * One part of what the bus says plays, in step with the audio; a part re-renders only when
 * its own part changes (Play/Pause not when the track does, the cover not on a pause).
 */
export function usePlayback<T>(player: PlayerBus, part: (playback: PlaybackState) => T): T {
  const part$ = useMemo(
    () => playbackOf(player).pipe(map(part), distinctUntilChanged()),
    [player, part],
  );
  return useObservableInStep(part$, part(INITIAL_PLAYBACK));
}
const currentOf = (playback: PlaybackState) => playback.current;
const playingOf = (playback: PlaybackState) => playback.playing;
const errorOf = (playback: PlaybackState) => playback.error;
const bufferingOf = (playback: PlaybackState) => playback.playing && playback.buffering === true;
const hasTrackOf = (playback: PlaybackState) => playback.current !== null;

export const TrackCover = memo(function TrackCover({
  player,
  size,
}: {
  player: PlayerBus;
  size: number;
}) {
  const current = usePlayback(player, currentOf);
  return (
    <Avatar
      variant="rounded"
      src={current?.image || undefined}
      alt={current ? `Cover of ${current.title}` : 'loofi'}
      // A cover of any size is decoded off the main thread, laid out at the bar's size.
      slotProps={{ img: { decoding: 'async', width: size, height: size } }}
      sx={{ width: size, height: size, bgcolor: 'primary.dark' }}
    >
      <MusicNoteIcon />
    </Avatar>
  );
});

export const TrackNames = memo(function TrackNames({ player }: { player: PlayerBus }) {
  const current = usePlayback(player, currentOf);
  return (
    <Box sx={{ minWidth: 0, flex: 1 }}>
      {/* A name in any script reads in its own direction, cut short at the bar's end. */}
      <Typography noWrap dir="auto" data-testid="player-title">
        {current?.title ?? DEFAULT_TRACK.title}
      </Typography>
      <Typography noWrap dir="auto" variant="body2" color="text.secondary">
        {current?.author ?? DEFAULT_TRACK.author}
      </Typography>
    </Box>
  );
});

/**
 * Play or Pause; while the playing track waits for data, a ring named "Buffering" turns
 * around Pause (which still pauses) and screen readers hear it once.
 */
export const PlayPause = memo(function PlayPause({ player }: { player: PlayerBus }) {
  const playing = usePlayback(player, playingOf);
  const buffering = usePlayback(player, bufferingOf);
  return (
    <Box sx={{ position: 'relative', display: 'inline-flex', flexShrink: 0 }}>
      <Hint title={playing ? 'Pause' : 'Play'}>
        <IconButton
          aria-label={playing ? 'Pause' : 'Play'}
          onClick={() => player.dispatch({ type: 'toggle' })}
          color="primary"
          sx={{ width: 48, height: 48 }}
        >
          {playing ? <PauseIcon /> : <PlayArrowIcon />}
        </IconButton>
      </Hint>
      {buffering && (
        <CircularProgress
          aria-label="Buffering"
          size={48}
          thickness={2}
          sx={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}
        />
      )}
      {/* Always present, so the change of its words is announced. */}
      <Box component="span" aria-live="polite" sx={visuallyHidden}>
        {buffering ? 'Buffering' : ''}
      </Box>
    </Box>
  );
});

/**
 * The last playback error, until the owner dismisses it (or it times out); the next one
 * shows, also the same words again once the error has cleared in between (a press on Play).
 */
const PlaybackError = memo(function PlaybackError({ player }: { player: PlayerBus }) {
  const error = usePlayback(player, errorOf);
  const [dismissedError, setDismissedError] = useState<string | null>(null);
  useEffect(() => {
    // Every clearing, also one in the same task as the error's return, which no render sees.
    const cleared = playbackOf(player)
      .pipe(map(errorOf), distinctUntilChanged())
      .subscribe((each) => each === null && setDismissedError(null));
    return () => cleared.unsubscribe();
  }, [player]);
  const shownError = error !== null && error !== dismissedError ? error : null;
  // In the page's notice stack, above the player: it never covers the player's controls.
  const stack = useNoticeStack();
  return stack.place(
    <Snackbar
      open={shownError !== null}
      autoHideDuration={ERROR_HIDE_MS}
      onClose={(_, reason) => reason !== 'clickaway' && setDismissedError(error)}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      sx={stack.sx}
    >
      <Alert severity="error" variant="filled" onClose={() => setDismissedError(error)}>
        {shownError}
      </Alert>
    </Snackbar>,
  );
});

/** The seek thumb and track move without the slider's 150 ms transition of left and width. */
const SEEK_STEPS = {
  '& .MuiSlider-thumb': { transitionProperty: 'box-shadow' },
  '& .MuiSlider-track': { transition: 'none' },
} as const;

/**
 * Elapsed time, the seek slider and the length: the one part that follows the position,
 * while `page` (the mini player's, or this one) is seen.
 */
export const SeekRow = memo(function SeekRow({
  player,
  page,
}: {
  player: PlayerBus;
  page?: ShownPage;
}) {
  // The slider, which has no length to offer until the track's metadata has arrived, is
  // enabled after the frame that answers a press on Play.
  const hasTrack = useDeferredValue(usePlayback(player, hasTrackOf));
  // Whole seconds, and nothing while the page is hidden (shown-position.ts).
  const position$ = useMemo(() => shownPosition(positionOf(player), page), [player, page]);
  const { position, duration } = useObservableInStep(position$, INITIAL_POSITION);
  // While the owner drags the seek thumb, the row follows the drag, not the audio.
  const [dragging, setDragging] = useState<number | null>(null);
  const seekMax = duration > 0 ? duration : 1;
  // The same element while none of these change: the press's render skips the slider.
  return useMemo(
    () => (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', width: '100%' }}>
        <Typography variant="caption" sx={{ minWidth: 36, textAlign: 'right' }}>
          {formatTime(dragging ?? position)}
        </Typography>
        <Slider
          size="small"
          aria-label="Seek"
          min={0}
          max={seekMax}
          step={1}
          value={Math.min(dragging ?? position, seekMax)}
          disabled={!hasTrack || duration <= 0}
          getAriaValueText={formatTime}
          // Each second's step is a jump, not an animation of layout on the main thread.
          sx={SEEK_STEPS}
          onChange={(_, value) => setDragging(value as number)}
          onChangeCommitted={(_, value) => {
            setDragging(null);
            player.dispatch({ type: 'seek', seconds: value as number });
          }}
        />
        <Typography variant="caption" sx={{ minWidth: 36 }}>
          {formatTime(duration)}
        </Typography>
      </Stack>
    ),
    [player, position, duration, seekMax, dragging, hasTrack],
  );
});

/** Mute and the volume slider. */
const VolumeControl = memo(function VolumeControl({ player }: { player: PlayerBus }) {
  const volume$ = useMemo(() => volumeOf(player), [player]);
  const { volume, muted } = useObservableInStep(volume$, INITIAL_VOLUME);
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{
        alignItems: 'center',
        // Narrowest from 600 to 720 px, where the one row has least room for the names.
        width: { xs: 200, sm: 'clamp(104px, 100vw - 616px, 136px)', md: 200 },
      }}
    >
      <Hint title={muted ? 'Unmute' : 'Mute'}>
        <IconButton
          aria-label="Mute"
          aria-pressed={muted}
          onClick={() => player.dispatch({ type: 'mute', muted: !muted })}
        >
          {muted ? <VolumeOffIcon /> : <VolumeUpIcon />}
        </IconButton>
      </Hint>
      <Slider
        size="small"
        aria-label="Volume"
        min={0}
        max={1}
        step={0.05}
        value={volume}
        getAriaValueText={(value) => `${Math.round(value * 100)}%`}
        onChange={(_, value) => player.dispatch({ type: 'volume', volume: value as number })}
      />
    </Stack>
  );
});
