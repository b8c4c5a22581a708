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
import { memo, useCallback, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import type { Ref } from 'react';
import { plainTrack } from '@loofi/contracts';
import type { OfflineTracks, PlayerBus, StoredTrack } from '@loofi/contracts';
import type { Notice } from '../../lib/notice';
import { hasRowActions, TrackActionsMenu } from './track-actions-menu';
import { displayedRowsLabel, ROWS_PER_PAGE_OPTIONS } from './track-query';
import type { SortColumn } from './track-query';
import { TRACK_ACTIONS_CLASS, TRACK_ROW_CLASS, TRACK_TITLE_CLASS, TrackRow } from './track-row';
import { isNowPlaying, useNowPlaying } from './use-now-playing';
import { useTrackActions } from './use-track-actions';
import { useTrackQuery } from './use-track-query';

const COLUMNS: { column: SortColumn; label: string }[] = [
  { column: 'title', label: 'Title' },
  { column: 'author', label: 'Author' },
];

const NO_TRACKS: readonly StoredTrack[] = [];

/**
 * Below MUI's `sm` breakpoint each track is a two-line row: its play button, then the title
 * on the first line and the author under it, each cut with an ellipsis rather than wrapped
 * over three lines, and its More actions button (where there is one) at the end, across both.
 * The title's marks (playing, kept offline) stay in sight after a cut title. The cells keep
 * their table roles (set explicitly, as a changed `display` may drop them), so a screen
 * reader still reads a table with Title and Author columns.
 */
const phoneRows = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    display: 'block',
    '& thead, & tbody': { display: 'block' },
    '& tr': { display: 'grid', alignItems: 'center' },
    '& thead tr': {
      // The actions' column, when there is one, has only a hidden heading: no width.
      gridTemplateColumns: '56px auto auto auto',
      justifyContent: 'start',
      borderBottom: 1,
      borderColor: 'divider',
    },
    '& thead th': { borderBottom: 0 },
    [`& thead th:first-of-type, & thead .${TRACK_ACTIONS_CLASS}`]: { width: 'auto', p: 0 },
    '& th, & td': { display: 'block', minWidth: 0 },
    [`& .${TRACK_ROW_CLASS}`]: {
      gridTemplateColumns: '56px minmax(0, 1fr) auto',
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
    [`& .${TRACK_ROW_CLASS} > :nth-child(2)`]: {
      pb: 0,
      fontWeight: 500,
      display: 'flex',
      alignItems: 'center',
      '& > svg': { flexShrink: 0 },
    },
    [`& .${TRACK_TITLE_CLASS}`]: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' },
    [`& .${TRACK_ROW_CLASS} > :nth-child(3)`]: { gridColumn: 2, pt: 0, color: 'text.secondary' },
    [`& .${TRACK_ROW_CLASS} > .${TRACK_ACTIONS_CLASS}`]: {
      gridColumn: 3,
      gridRow: '1 / span 2',
      width: 'auto',
      p: 0,
      pr: 0.5,
      display: 'flex',
      alignItems: 'center',
      overflow: 'visible',
    },
  },
});

/**
 * From `sm` up the columns keep their place whatever the names: a fixed layout, the title
 * taking more of the width than the author, each cut with an ellipsis on one line (the
 * title still followed by its marks); the full name is the cell's text and its tooltip.
 */
const wideRows = (theme: Theme) => ({
  [theme.breakpoints.up('sm')]: {
    tableLayout: 'fixed',
    // The play and More actions columns as wide as their buttons (44 px under a finger).
    [`& thead th:first-of-type, & thead .${TRACK_ACTIONS_CLASS}`]: { width: 56 },
    '& thead th:nth-of-type(2)': { width: '55%' },
    [`& .${TRACK_ROW_CLASS} > :nth-child(2), & .${TRACK_ROW_CLASS} > :nth-child(3)`]: {
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
    },
    [`& .${TRACK_TITLE_CLASS}`]: {
      display: 'inline-block',
      maxWidth: '100%',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      verticalAlign: 'bottom',
    },
    // Room for the playing and kept-offline marks after a cut title.
    [`& .${TRACK_TITLE_CLASS}:not(:last-child)`]: { maxWidth: 'calc(100% - 2em - 16px)' },
  },
});
const tableRows = (theme: Theme) => ({ ...phoneRows(theme), ...wideRows(theme) });

export interface TrackTableProps {
  /** The library, null until it has loaded. */
  tracks: readonly StoredTrack[] | null;
  player: PlayerBus;
  /** Tracks kept offline; absent where the shell can keep none. */
  offline?: OfflineTracks | undefined;
  /** Opens the track with this stored key for editing. */
  onOpenTrack(key: string): void;
  /** Tells the owner what became of an action (the tab's snackbar). */
  notify(notice: Notice): void;
  /** A track whose row takes the keyboard's focus once shown (turning to its page). */
  focusRequest?: RowFocusRequest | null;
  /** The focus request was met (or cannot be: the search leaves the track out). */
  onFocusRequestDone?(): void;
  ref?: Ref<TrackTableHandle>;
}

export interface RowFocusRequest {
  matches(track: StoredTrack): boolean;
}

export interface TrackTableHandle {
  /**
   * The track shown after the last row opened (the one that took its place once it is
   * gone), else the one before it; null when no row is left.
   */
  rowAfterOpened(): StoredTrack | null;
}

/** The row whose More actions menu is open; the track stays while the menu fades out. */
interface OpenMenu {
  anchor: HTMLElement | null;
  track: StoredTrack | null;
}

/**
 * SPEC §2: the paginated Title/Author table, with search, sorting and a play button per row;
 * and, where the shell can carry them out, each row's More actions (Play next, Add to queue,
 * Keep offline) with a mark on the tracks kept offline.
 */
export const TrackTable = memo(function TrackTable({
  tracks,
  player,
  offline,
  onOpenTrack,
  notify,
  focusRequest = null,
  onFocusRequestDone,
  ref,
}: TrackTableProps) {
  const headingId = useId();
  const menuId = useId();
  const view = useTrackQuery(tracks ?? NO_TRACKS);
  const nowPlaying = useNowPlaying(player);
  const actions = useTrackActions(player, offline, notify);
  const play = useCallback(
    (track: StoredTrack) => player.dispatch({ type: 'play', track: plainTrack(track) }),
    [player],
  );

  const [menu, setMenu] = useState<OpenMenu>({ anchor: null, track: null });
  const openMenu = useCallback(
    (anchor: HTMLElement, track: StoredTrack) => setMenu({ anchor, track }),
    [],
  );
  const closeMenu = useCallback(() => setMenu((open) => ({ ...open, anchor: null })), []);
  const withActions =
    actions.playNext !== null || actions.enqueue !== null || actions.offline !== null;
  const columns = withActions ? 4 : 3;
  const menuCurrent = menu.track !== null && isNowPlaying(menu.track, nowPlaying);
  // The track may start playing while its menu is open, leaving nothing to offer.
  const menuAnchor = hasRowActions(actions, menuCurrent) ? menu.anchor : null;

  // Where the row opened stood, so the focus can go to the row that takes its place.
  const opened = useRef<{ key: string; index: number } | null>(null);
  const rows = view.rows;
  const openTrack = useCallback(
    (key: string) => {
      opened.current = { key, index: rows.findIndex((track) => track.key === key) };
      onOpenTrack(key);
    },
    [rows, onOpenTrack],
  );
  useImperativeHandle(
    ref,
    () => ({
      rowAfterOpened() {
        const { key, index } = opened.current ?? { key: '', index: 0 };
        const at = rows.findIndex((track) => track.key === key);
        const others = rows.filter((track) => track.key !== key);
        return others[Math.min(at === -1 ? index : at, others.length - 1)] ?? null;
      },
    }),
    [rows],
  );

  const search = useRef<HTMLInputElement>(null);
  const focusKey = focusRequest ? rows.find(focusRequest.matches)?.key : undefined;
  const { pageOf, page, setPage } = view;
  useEffect(() => {
    if (!focusRequest || focusKey !== undefined || tracks === null) return;
    const pageOfTrack = pageOf(focusRequest.matches);
    if (pageOfTrack !== null) {
      if (pageOfTrack !== page) setPage(pageOfTrack);
    } else if (tracks.some(focusRequest.matches)) {
      // The search leaves the track out: the focus goes to the search that does.
      search.current?.focus();
      onFocusRequestDone?.();
    }
  }, [focusRequest, focusKey, tracks, pageOf, page, setPage, onFocusRequestDone]);

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
          inputRef={search}
          value={view.query}
          onChange={(event) => view.setQuery(event.target.value)}
          // A finger's size with a mouse too (a narrow window), as every other control.
          sx={{ '& .MuiInputBase-root': { minHeight: 44 } }}
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
        <Table size="small" aria-labelledby={headingId} role="table" sx={tableRows}>
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
              {withActions && (
                <TableCell padding="checkbox" role="columnheader" className={TRACK_ACTIONS_CLASS}>
                  <Box component="span" sx={visuallyHidden}>
                    Actions
                  </Box>
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody role="rowgroup" sx={{ opacity: view.filtering ? 0.6 : 1 }}>
            {tracks === null ? (
              <LoadingRows columns={columns} />
            ) : view.rows.length === 0 ? (
              <TableRow role="row">
                <TableCell colSpan={columns} role="cell">
                  <Typography color="text.secondary" sx={{ py: 2 }}>
                    {tracks.length === 0
                      ? 'Your library is empty. Add music to get started.'
                      : `No tracks match “${view.query.trim()}”.`}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : (
              view.rows.map((track) => {
                const current = isNowPlaying(track, nowPlaying);
                return (
                  <TrackRow
                    key={track.key}
                    track={track}
                    current={current}
                    // Only the current row shows whether the player plays: a press on Play
                    // or Pause re-renders that row, not the page.
                    playing={current && nowPlaying.playing}
                    kept={actions.offline?.kept.has(track.audio) ?? false}
                    saving={actions.offline?.saving.has(track.audio) ?? false}
                    onMenu={withActions ? openMenu : undefined}
                    menuOffered={hasRowActions(actions, current)}
                    menuId={menuAnchor && menu.track?.key === track.key ? menuId : undefined}
                    onOpen={openTrack}
                    onPlay={play}
                    focusPlay={track.key === focusKey}
                    onFocused={onFocusRequestDone}
                  />
                );
              })
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {/* Drawn once the library has arrived: while it loads there is nothing to page, and
          controls pushed down by the rows as they come would shift the page under a finger. */}
      {tracks !== null && (
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
          labelDisplayedRows={displayedRowsLabel}
          onPageChange={(_event, page) => view.setPage(page)}
          onRowsPerPageChange={(event) => view.setRowsPerPage(Number(event.target.value))}
        />
      )}
      {/* Mounted from the first time a row's menu is asked for: a closed menu is still a
          tree of MUI components for the tab's first render to build. */}
      {withActions && menu.track !== null && (
        <TrackActionsMenu
          id={menuId}
          anchor={menuAnchor}
          track={menu.track}
          current={menuCurrent}
          actions={actions}
          onClose={closeMenu}
        />
      )}
    </Paper>
  );
});

function LoadingRows({ columns }: { columns: number }) {
  return (
    <TableRow role="row">
      <TableCell colSpan={columns} role="cell" aria-label="Loading the library">
        <Skeleton variant="text" />
        <Skeleton variant="text" />
        <Skeleton variant="text" />
      </TableCell>
    </TableRow>
  );
}
