import GraphicEqIcon from '@mui/icons-material/GraphicEq';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { IconButton } from '@loofi/ui-kit/base';
import { TableCell, TableRow } from '@loofi/ui-kit';
import { memo } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import type { StoredTrack } from '@loofi/contracts';

/** The class of a track's row, which a phone lays out on two lines. */
export const TRACK_ROW_CLASS = 'track-row';

export interface TrackRowProps {
  track: StoredTrack;
  /** This row's audio is the player's current track. */
  current: boolean;
  playing: boolean;
  onOpen(key: string): void;
  onPlay(track: StoredTrack): void;
}

/** One track: a click or Enter opens it for editing; its button plays it (or pauses it). */
export const TrackRow = memo(function TrackRow({
  track,
  current,
  playing,
  onOpen,
  onPlay,
}: TrackRowProps) {
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
          size="small"
          aria-label={`${sounding ? 'Pause' : 'Play'} ${track.title}`}
          color={current ? 'primary' : 'default'}
          onClick={play}
        >
          {sounding ? <PauseIcon /> : <PlayArrowIcon />}
        </IconButton>
      </TableCell>
      <TableCell component="th" scope="row" role="rowheader">
        {track.title}
        {/* The play button and aria-current say it in words; the icon is for the eye. */}
        {sounding && (
          <GraphicEqIcon
            fontSize="inherit"
            color="primary"
            aria-hidden
            sx={{ ml: 1, verticalAlign: 'middle' }}
          />
        )}
      </TableCell>
      <TableCell role="cell">{track.author}</TableCell>
    </TableRow>
  );
});
