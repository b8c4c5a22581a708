import SearchIcon from '@mui/icons-material/Search';
import { Box, Paper, Toolbar, Typography, visuallyHidden } from '@loofi/ui-kit/base';
import type { Theme } from '@loofi/ui-kit/base';
import {
  InputAdornment,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
} from '@loofi/ui-kit';
import { useCallback, useId } from 'react';
import { plainTrack } from '@loofi/contracts';
import type { PlayerBus, StoredTrack } from '@loofi/contracts';
import { ROWS_PER_PAGE_OPTIONS } from './track-query';
import type { SortColumn } from './track-query';
import { TRACK_ROW_CLASS, TrackRow } from './track-row';
import { useNowPlaying } from './use-now-playing';
import { useTrackQuery } from './use-track-query';

const COLUMNS: { column: SortColumn; label: string }[] = [
  { column: 'title', label: 'Title' },
  { column: 'author', label: 'Author' },
];

const NO_TRACKS: readonly StoredTrack[] = [];

/**
 * Below MUI's `sm` breakpoint each track is a two-line row: its play button, then the title
 * on the first line and the author under it, each cut with an ellipsis rather than wrapped
 * over three lines. The cells keep their table roles (set explicitly, as a changed `display`
 * may drop them), so a screen reader still reads a table with Title and Author columns.
 */
const phoneRows = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    display: 'block',
    '& thead, & tbody': { display: 'block' },
    '& tr': { display: 'grid', alignItems: 'center' },
    '& thead tr': {
      gridTemplateColumns: '56px auto auto',
      justifyContent: 'start',
      borderBottom: 1,
      borderColor: 'divider',
    },
    '& thead th': { borderBottom: 0 },
    '& thead th:first-of-type': { width: 'auto', p: 0 },
    '& th, & td': { display: 'block', minWidth: 0 },
    [`& .${TRACK_ROW_CLASS}`]: {
      gridTemplateColumns: '56px minmax(0, 1fr)',
      borderBottom: 1,
      borderColor: 'divider',
    },
    [`& .${TRACK_ROW_CLASS} > *`]: {
      borderBottom: 0,
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
    },
    [`& .${TRACK_ROW_CLASS} > :nth-child(1)`]: {
      gridRow: 'span 2',
      width: 'auto',
      p: 0,
      display: 'flex',
      justifyContent: 'center',
      overflow: 'visible',
    },
    [`& .${TRACK_ROW_CLASS} > :nth-child(2)`]: { pb: 0, fontWeight: 500 },
    [`& .${TRACK_ROW_CLASS} > :nth-child(3)`]: { gridColumn: 2, pt: 0, color: 'text.secondary' },
  },
});

export interface TrackTableProps {
  /** The library, null until it has loaded. */
  tracks: readonly StoredTrack[] | null;
  player: PlayerBus;
  /** Opens the track with this stored key for editing. */
  onOpenTrack(key: string): void;
}

/** SPEC §2: the paginated Title/Author table, with search, sorting and a play button per row. */
export function TrackTable({ tracks, player, onOpenTrack }: TrackTableProps) {
  const headingId = useId();
  const view = useTrackQuery(tracks ?? NO_TRACKS);
  const nowPlaying = useNowPlaying(player);
  const play = useCallback(
    (track: StoredTrack) => player.dispatch({ type: 'play', track: plainTrack(track) }),
    [player],
  );

  return (
    <Paper component="section" aria-labelledby={headingId}>
      <Toolbar sx={{ gap: 2, flexWrap: 'wrap', py: 1 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flex: '1 1 auto' }}>
          Library
        </Typography>
        <TextField
          type="search"
          size="small"
          label="Search"
          placeholder="Title or author"
          value={view.query}
          onChange={(event) => view.setQuery(event.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Toolbar>
      <TableContainer>
        <Table size="small" aria-labelledby={headingId} role="table" sx={phoneRows}>
          <TableHead role="rowgroup">
            <TableRow role="row">
              <TableCell padding="checkbox" role="columnheader">
                <Box component="span" sx={visuallyHidden}>
                  Play
                </Box>
              </TableCell>
              {COLUMNS.map(({ column, label }) => {
                const active = view.sort?.column === column;
                const direction = active ? view.sort!.direction : 'asc';
                return (
                  <TableCell
                    key={column}
                    role="columnheader"
                    sortDirection={active ? direction : false}
                  >
                    <TableSortLabel
                      active={active}
                      direction={direction}
                      onClick={() => view.sortBy(column)}
                    >
                      {label}
                      {active && (
                        <Box component="span" sx={visuallyHidden}>
                          {direction === 'asc' ? 'sorted ascending' : 'sorted descending'}
                        </Box>
                      )}
                    </TableSortLabel>
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody role="rowgroup" sx={{ opacity: view.filtering ? 0.6 : 1 }}>
            {tracks === null ? (
              <LoadingRows />
            ) : view.rows.length === 0 ? (
              <TableRow role="row">
                <TableCell colSpan={3} role="cell">
                  <Typography color="text.secondary" sx={{ py: 2 }}>
                    {tracks.length === 0
                      ? 'Your library is empty. Add music to get started.'
                      : `No tracks match “${view.query.trim()}”.`}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : (
              view.rows.map((track) => (
                <TrackRow
                  key={track.key}
                  track={track}
                  current={track.audio === nowPlaying.audio}
                  playing={nowPlaying.playing}
                  onOpen={onOpenTrack}
                  onPlay={play}
                />
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        // On a phone the controls wrap under the label rather than being cut off.
        sx={(theme) => ({
          [theme.breakpoints.down('sm')]: {
            '& .MuiTablePagination-toolbar': {
              flexWrap: 'wrap',
              justifyContent: 'flex-end',
              pl: 1,
            },
            '& .MuiTablePagination-spacer': { display: 'none' },
          },
        })}
        count={view.total}
        page={view.page}
        rowsPerPage={view.rowsPerPage}
        rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS}
        onPageChange={(_event, page) => view.setPage(page)}
        onRowsPerPageChange={(event) => view.setRowsPerPage(Number(event.target.value))}
      />
    </Paper>
  );
}

function LoadingRows() {
  return (
    <TableRow role="row">
      <TableCell colSpan={3} role="cell" aria-label="Loading the library">
        <Skeleton variant="text" />
        <Skeleton variant="text" />
        <Skeleton variant="text" />
      </TableCell>
    </TableRow>
  );
}
