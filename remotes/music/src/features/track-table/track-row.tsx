import GraphicEqIcon from '@mui/icons-material/GraphicEq';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import OfflinePinIcon from '@mui/icons-material/OfflinePin';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Box, CircularProgress, IconButton, Tooltip } from '@loofi/ui-kit/base';
import { TableCell, TableRow } from '@loofi/ui-kit';
import { memo, useEffect, useRef } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import type { StoredTrack } from '@loofi/contracts';

/** The class of a track's row, which a phone lays out on two lines. */
export const TRACK_ROW_CLASS = 'track-row';
/** The class of a title's text, which a phone cuts short before the marks beside it. */
export const TRACK_TITLE_CLASS = 'track-title';
/** The class of a row's More actions cell, which a phone puts at the end of both lines. */
export const TRACK_ACTIONS_CLASS = 'track-actions';

export interface TrackRowProps {
  track: StoredTrack;
  /** This row's audio is the player's current track. */
  current: boolean;
  playing: boolean;
  /** Kept for listening with no network. */
  kept: boolean;
  /** Being stored for listening with no network right now. */
  saving: boolean;
  /**
   * Opens the table's More actions menu for this row's track; absent where the table has no
   * such column (an older shell, where nothing can be kept offline).
   */
  onMenu?: ((anchor: HTMLElement, track: StoredTrack) => void) | undefined;
  /** This row has actions in that menu (the column may be there for other rows only). */
  menuOffered: boolean;
  /** The menu's id while it is open for this row. */
  menuId?: string | undefined;
  onOpen(key: string): void;
  onPlay(track: StoredTrack): void;
  /** The keyboard's focus is asked for on this row's play button; `onFocused` says it got it. */
  focusPlay?: boolean;
  onFocused?(): void;
}

/**
 * One track: a click or Enter opens it for editing; its button plays it (or pauses it), and
 * its More actions button opens the table's menu for it.
 */
export const TrackRow = memo(function TrackRow({
  track,
  current,
  playing,
  kept,
  saving,
  onMenu,
  menuOffered,
  menuId,
  onOpen,
  onPlay,
  focusPlay = false,
  onFocused,
}: TrackRowProps) {
  const playButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focusPlay) return;
    playButton.current?.focus();
    onFocused?.();
  }, [focusPlay, onFocused]);
  const sounding = current && playing;
  const openOnEnter = (event: KeyboardEvent<HTMLTableRowElement>) => {
    // Enter on the row's own play button is that button's business.
    if (event.key === 'Enter' && event.target === event.currentTarget) {
      event.preventDefault();
      onOpen(track.key);
    }
  };
  const play = (event: MouseEvent) => {
    event.stopPropagation();
    onPlay(track);
  };
  const openMenu = (event: MouseEvent<HTMLElement>) => {
    // The menu is the button's; the row's click edits the track.
    event.stopPropagation();
    onMenu?.(event.currentTarget, track);
  };
  return (
    <TableRow
      role="row"
      className={TRACK_ROW_CLASS}
      hover
      selected={current}
      tabIndex={0}
      aria-current={current ? 'true' : undefined}
      onClick={() => onOpen(track.key)}
      onKeyDown={openOnEnter}
      sx={{
        cursor: 'pointer',
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
      }}
    >
      <TableCell padding="checkbox" role="cell">
        <IconButton
          ref={playButton}
          size="small"
          aria-label={`${sounding ? 'Pause' : 'Play'} ${track.title}`}
          color={current ? 'primary' : 'default'}
          onClick={play}
        >
          {sounding ? <PauseIcon /> : <PlayArrowIcon />}
        </IconButton>
      </TableCell>
      <TableCell component="th" scope="row" role="rowheader">
        {/* A name of any length and script: cut on screen, whole in its tooltip and name. */}
        <Tooltip title={track.title} describeChild>
          <span className={TRACK_TITLE_CLASS} dir="auto">
            {track.title}
          </span>
        </Tooltip>
        {/* The play button and aria-current say it in words; the icon is for the eye. */}
        {sounding && (
          <GraphicEqIcon
            fontSize="inherit"
            color="primary"
            aria-hidden
            sx={{ ml: 1, verticalAlign: 'middle' }}
          />
        )}
        {kept && (
          <OfflinePinIcon
            fontSize="inherit"
            color="secondary"
            titleAccess="Kept offline"
            sx={{ ml: 1, verticalAlign: 'middle' }}
          />
        )}
      </TableCell>
      <TableCell role="cell">
        <Tooltip title={track.author} describeChild>
          <span dir="auto">{track.author}</span>
        </Tooltip>
      </TableCell>
      {onMenu && (
        <TableCell padding="checkbox" role="cell" className={TRACK_ACTIONS_CLASS} sx={{ pr: 0.5 }}>
          {menuOffered && (
            <Box sx={{ position: 'relative', display: 'inline-flex' }}>
              <IconButton
                size="small"
                aria-label={`More actions for ${track.title}`}
                aria-haspopup="menu"
                aria-expanded={menuId ? 'true' : undefined}
                aria-controls={menuId}
                onClick={openMenu}
              >
                <MoreVertIcon fontSize="small" />
              </IconButton>
              {/* While the track is stored, a ring turns around the button it was asked from. */}
              {saving && (
                <CircularProgress
                  size={32}
                  aria-label={`Keeping ${track.title} offline`}
                  sx={{ position: 'absolute', inset: 0, m: 'auto', pointerEvents: 'none' }}
                />
              )}
            </Box>
          )}
        </TableCell>
      )}
    </TableRow>
  );
});
