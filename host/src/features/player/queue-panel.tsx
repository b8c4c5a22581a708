import CloseIcon from '@mui/icons-material/Close';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import OfflinePinIcon from '@mui/icons-material/OfflinePin';
import PlaylistRemoveIcon from '@mui/icons-material/PlaylistRemove';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { EMPTY_OFFLINE_STATE } from '@loofi/contracts';
import type { OfflineState, OfflineTracks, PlayerBus, Track } from '@loofi/contracts';
import { INITIAL_PLAYBACK, playbackOf } from '@loofi/contracts/player';
import { ERROR_HIDE_MS, useObservable, usePhoneLayout } from '@loofi/ui';
import { NEVER } from 'rxjs';
import type { FullKit } from '../full-kit/full-kit';
import { entryKey, upcoming } from './queue-order';

/** Every row of the list is this tall: the list draws only the rows in view. */
export const QUEUE_ROW_HEIGHT = 64;
/** How close to the list's top or bottom a drag scrolls it, and by how much a move. */
const DRAG_EDGE = 48;
const DRAG_SCROLL_STEP = 16;
/** How long the Queue's word on a kept track stays (its errors: SPEC §9's). */
const NOTICE_HIDE_MS = 6000;

export interface QueuePanelProps {
  id: string;
  kit: FullKit;
  player: PlayerBus;
  offline?: OfflineTracks;
  onClose(): void;
}

/** Where a drag started and where its track would go now (places among the upcoming). */
interface Drag {
  from: number;
  to: number;
}

/**
 * The Queue: the current track, then the tracks that play after it, in order. Only the rows
 * in view are drawn (a library of 10,000 opens as fast as one of ten). Each upcoming track
 * can be played now, removed, moved (by its handle, with a mouse or a finger; with Alt+↑ and
 * Alt+↓ on the focused track, or its menu's Move up and Move down) and kept offline.
 */
export function QueuePanel({ id, kit, player, offline, onClose }: QueuePanelProps) {
  const { Dialog, DialogContent, DialogTitle, IconButton, Snackbar, Alert, Typography, Box } = kit;
  const phone = usePhoneLayout();
  const playback$ = useMemo(() => playbackOf(player), [player]);
  const { current, playing, queue } = useObservable(playback$, INITIAL_PLAYBACK);
  const next = useMemo(() => upcoming(queue, current), [queue, current]);
  const offlineState = useObservable(
    useMemo(() => offline?.state$ ?? NEVER, [offline]),
    EMPTY_OFFLINE_STATE,
  );
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; track: Track; index: number } | null>(
    null,
  );

  const scroller = useRef<HTMLDivElement | null>(null);
  // Two entries may share an audio address: rows are told apart as the queue tells them. The
  // same function while the queue stays: a new one makes the virtualizer lay out all 10,000
  // rows again at every render.
  const getItemKey = useCallback(
    (index: number) => (next[index] ? entryKey(next[index]) : index),
    [next],
  );
  // The house builds without React Compiler; the virtualizer's functions are read in render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: next.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => QUEUE_ROW_HEIGHT,
    overscan: 8,
    // Before the dialog has laid out (and in tests), as if a phone's screen of rows showed.
    initialRect: { width: 360, height: 8 * QUEUE_ROW_HEIGHT },
    getItemKey,
  });

  // After a keyboard move, focus stays on the moved track, scrolled into view.
  const mains = useRef(new Map<string, HTMLElement>());
  const nowPlaying = useRef<HTMLElement>(null);
  const [focusAudio, setFocusAudio] = useState<string | null>(null);
  // Focus moves before the row it was on leaves the list: never to the page behind the dialog,
  // where Escape and Tab would not reach the panel. It lands on the row of `audio` if drawn (or
  // on Now playing), then on that row once it is scrolled into view.
  const holdFocus = useCallback((audio: string | undefined) => {
    const row = audio === undefined ? undefined : mains.current.get(audio);
    (row ?? nowPlaying.current)?.focus();
    if (audio !== undefined) setFocusAudio(audio);
  }, []);
  useEffect(() => {
    if (focusAudio === null) return;
    const index = next.findIndex((track) => track.audio === focusAudio);
    if (index === -1) return;
    virtualizer.scrollToIndex(index, { align: 'auto' });
    const frame = requestAnimationFrame(() => {
      mains.current.get(focusAudio)?.focus();
      setFocusAudio(null);
    });
    return () => cancelAnimationFrame(frame);
  }, [focusAudio, next, virtualizer]);

  const move = useCallback(
    (track: Track, to: number, keepFocus = false) => {
      if (to < 0 || to >= next.length) return;
      player.dispatch({ type: 'move', track, to });
      if (keepFocus) setFocusAudio(track.audio);
    },
    [player, next.length],
  );
  const remove = useCallback(
    (track: Track, index: number) => {
      // Focus goes to the track that took its place (or the one before, at the end).
      holdFocus((next[index + 1] ?? next[index - 1])?.audio);
      player.dispatch({ type: 'dequeue', track });
    },
    [player, next, holdFocus],
  );
  const playNow = useCallback(
    (track: Track, index: number) => {
      // The track leaves the list for Now playing: focus goes to the one that now plays next,
      // or to Now playing when no other track is left.
      const after = next[index + 1] ?? next[0];
      holdFocus(after && after !== track ? after.audio : undefined);
      player.dispatch({ type: 'play', track });
    },
    [player, next, holdFocus],
  );

  // Dragging by a row's handle: the pointer is captured by the handle, and the place under
  // it (in the whole list, scrolled or not) is where the track goes on release.
  const [drag, setDrag] = useState<Drag | null>(null);
  const placeAt = (clientY: number) => {
    const list = scroller.current;
    if (!list) return 0;
    const box = list.getBoundingClientRect();
    if (clientY < box.top + DRAG_EDGE) list.scrollTop -= DRAG_SCROLL_STEP;
    else if (clientY > box.bottom - DRAG_EDGE) list.scrollTop += DRAG_SCROLL_STEP;
    const y = clientY - box.top + list.scrollTop;
    return Math.min(next.length - 1, Math.max(0, Math.floor(y / QUEUE_ROW_HEIGHT)));
  };
  const dragHandlers = (index: number, track: Track) => ({
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.button !== 0) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      event.preventDefault();
      setDrag({ from: index, to: index });
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      if (!drag) return;
      const to = placeAt(event.clientY);
      if (to !== drag.to) setDrag({ ...drag, to });
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      if (!drag) return;
      const to = placeAt(event.clientY);
      setDrag(null);
      if (to !== drag.from) move(track, to);
    },
    onPointerCancel() {
      setDrag(null);
    },
  });

  const keep = (track: Track) => {
    if (!offline) return;
    const kept = offlineState.kept.has(track.audio);
    const action = kept ? offline.remove(track) : offline.keep(track);
    action.then(
      () =>
        setNotice({
          text: kept
            ? `The offline copy of “${track.title}” was removed.`
            : `“${track.title}” is kept offline.`,
          error: false,
        }),
      (error: unknown) =>
        setNotice({
          text: error instanceof Error ? error.message : `“${track.title}” could not be kept.`,
          error: true,
        }),
    );
  };

  const titleId = `${id}-title`;
  return (
    <Dialog
      id={id}
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: phone ? {} : { height: 'min(80vh, 720px)' } } }}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
        <Box component="span" sx={{ flex: 1 }}>
          Queue
        </Box>
        <IconButton aria-label="Close the queue" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent
        dividers
        sx={{ display: 'flex', flexDirection: 'column', p: 0, overflow: 'hidden' }}
      >
        <Box
          component="section"
          ref={nowPlaying}
          tabIndex={-1}
          aria-label="Now playing"
          sx={{ px: 2, py: 1.5 }}
        >
          <Typography variant="overline" component="h3" color="text.secondary">
            Now playing
          </Typography>
          {current ? (
            <TrackLine
              kit={kit}
              track={current}
              status={playing ? 'Playing' : 'Paused'}
              kept={offlineState.kept.has(current.audio)}
            />
          ) : (
            <Typography color="text.secondary">
              Nothing yet: press Play or choose a track.
            </Typography>
          )}
        </Box>
        <Box
          component="section"
          aria-labelledby={`${id}-next`}
          sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
        >
          <Box sx={{ px: 2, pt: 1 }}>
            <Typography id={`${id}-next`} variant="overline" component="h3" color="text.secondary">
              {`Up next (${next.length})`}
            </Typography>
            {next.length > 0 && (
              <Typography variant="caption" color="text.secondary" component="p">
                Drag a track by its handle, or press Alt+↑ or Alt+↓ on it, to move it; Delete takes
                it out.
              </Typography>
            )}
          </Box>
          {next.length === 0 ? (
            <Typography color="text.secondary" sx={{ px: 2, py: 2 }}>
              Nothing plays after this track. Add tracks in the Music tab.
            </Typography>
          ) : (
            <Box
              ref={scroller}
              sx={{ overflowY: 'auto', flex: 1, minHeight: 0, position: 'relative' }}
            >
              <Box
                component="ul"
                aria-labelledby={`${id}-next`}
                sx={{
                  m: 0,
                  p: 0,
                  listStyle: 'none',
                  position: 'relative',
                  height: virtualizer.getTotalSize(),
                }}
              >
                {virtualizer.getVirtualItems().map((item) => {
                  const track = next[item.index]!;
                  return (
                    <QueueRow
                      key={item.key}
                      kit={kit}
                      track={track}
                      index={item.index}
                      count={next.length}
                      top={item.start}
                      offline={offlineState}
                      canKeep={offline !== undefined}
                      dragged={drag?.from === item.index}
                      dropTarget={drag !== null && drag.to === item.index && drag.from !== drag.to}
                      dropBelow={drag !== null && drag.to > drag.from}
                      handle={dragHandlers(item.index, track)}
                      registerMain={(element) => {
                        if (element) mains.current.set(track.audio, element);
                        else mains.current.delete(track.audio);
                      }}
                      onPlay={playNow}
                      onRemove={remove}
                      onMove={move}
                      onMenu={(anchor) => setMenu({ anchor, track, index: item.index })}
                    />
                  );
                })}
              </Box>
            </Box>
          )}
        </Box>
      </DialogContent>
      {menu && (
        <RowMenu
          kit={kit}
          anchor={menu.anchor}
          first={menu.index === 0}
          last={menu.index === next.length - 1}
          kept={offline ? offlineState.kept.has(menu.track.audio) : null}
          onClose={() => setMenu(null)}
          onMoveUp={() => move(menu.track, menu.index - 1, true)}
          onMoveDown={() => move(menu.track, menu.index + 1, true)}
          onKeep={() => keep(menu.track)}
        />
      )}
      <Snackbar
        open={notice !== null}
        autoHideDuration={notice?.error ? ERROR_HIDE_MS : NOTICE_HIDE_MS}
        onClose={() => setNotice(null)}
      >
        <Alert
          severity={notice?.error ? 'error' : 'success'}
          variant="filled"
          onClose={() => setNotice(null)}
        >
          {notice?.text}
        </Alert>
      </Snackbar>
    </Dialog>
  );
}

/** A track's cover, title and author, with a status beside them. */
function TrackLine({
  kit: { Avatar, Box, Typography },
  track,
  status,
  kept,
}: {
  kit: FullKit;
  track: Track;
  status?: string;
  kept: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0, flex: 1 }}>
      <Avatar
        variant="rounded"
        src={track.image || undefined}
        alt=""
        // A cover of any size is decoded off the main thread, laid out at the row's size.
        slotProps={{ img: { decoding: 'async', width: 40, height: 40 } }}
        sx={{ width: 40, height: 40 }}
      >
        <MusicNoteIcon />
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography noWrap dir="auto">
          {track.title}
        </Typography>
        <Typography noWrap dir="auto" variant="body2" color="text.secondary">
          {track.author}
        </Typography>
      </Box>
      {kept && <OfflinePinIcon fontSize="small" titleAccess="Kept offline" color="action" />}
      {status && (
        <Typography variant="body2" color="primary" aria-current="true">
          {status}
        </Typography>
      )}
    </Box>
  );
}

interface QueueRowProps {
  kit: FullKit;
  track: Track;
  index: number;
  count: number;
  top: number;
  offline: OfflineState;
  canKeep: boolean;
  dragged: boolean;
  dropTarget: boolean;
  dropBelow: boolean;
  handle: Record<string, (event: PointerEvent<HTMLElement>) => void>;
  registerMain(element: HTMLElement | null): void;
  onPlay(track: Track, index: number): void;
  onRemove(track: Track, index: number): void;
  onMove(track: Track, to: number, keepFocus?: boolean): void;
  onMenu(anchor: HTMLElement): void;
}

/** One upcoming track: its handle, the track (press: play it now), Remove, More actions. */
function QueueRow({
  kit,
  track,
  index,
  count,
  top,
  offline,
  canKeep,
  dragged,
  dropTarget,
  dropBelow,
  handle,
  registerMain,
  onPlay,
  onRemove,
  onMove,
  onMenu,
}: QueueRowProps) {
  const { Box, IconButton, ListItemButton } = kit;
  const name = `${track.title} by ${track.author}`;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey && event.key === 'ArrowUp' && index > 0) {
      event.preventDefault();
      onMove(track, index - 1, true);
    } else if (event.altKey && event.key === 'ArrowDown' && index < count - 1) {
      event.preventDefault();
      onMove(track, index + 1, true);
    } else if (event.key === 'Delete') {
      event.preventDefault();
      onRemove(track, index);
    }
  };
  return (
    <Box
      component="li"
      aria-label={name}
      sx={{
        position: 'absolute',
        top: 0,
        left: 0,
        right: 0,
        height: QUEUE_ROW_HEIGHT,
        transform: `translateY(${top}px)`,
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        pr: 1,
        opacity: dragged ? 0.5 : 1,
        boxShadow: dropTarget
          ? (theme) => `inset 0 ${dropBelow ? -3 : 3}px 0 ${theme.palette.primary.main}`
          : 'none',
      }}
    >
      <Box
        {...handle}
        aria-hidden
        title="Drag to move"
        sx={{
          display: 'flex',
          alignItems: 'center',
          alignSelf: 'stretch',
          px: 1,
          cursor: 'grab',
          touchAction: 'none',
          color: 'text.secondary',
        }}
      >
        <DragIndicatorIcon />
      </Box>
      <ListItemButton
        ref={registerMain}
        aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown Delete"
        onClick={() => onPlay(track, index)}
        onKeyDown={onKeyDown}
        sx={{
          flex: 1,
          minWidth: 0,
          alignSelf: 'stretch',
          justifyContent: 'flex-start',
          textAlign: 'left',
          borderRadius: 1,
          px: 0.5,
        }}
      >
        {/* Named by what it shows, the title and author, after what it does (WCAG 2.5.3). */}
        <Box component="span" sx={kit.visuallyHidden}>
          Play
        </Box>
        <TrackLine kit={kit} track={track} kept={offline.kept.has(track.audio)} />
      </ListItemButton>
      <IconButton aria-label="Remove from queue" onClick={() => onRemove(track, index)}>
        <PlaylistRemoveIcon />
      </IconButton>
      <IconButton
        aria-label="More actions"
        aria-haspopup="menu"
        onClick={(event) => onMenu(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      {canKeep && offline.saving.has(track.audio) && (
        <Box component="span" sx={{ position: 'absolute', left: 0, right: 0, bottom: 0 }}>
          <kit.LinearProgress aria-label={`Keeping ${track.title} offline`} />
        </Box>
      )}
    </Box>
  );
}

function RowMenu({
  kit: { Menu, MenuItem },
  anchor,
  first,
  last,
  kept,
  onClose,
  onMoveUp,
  onMoveDown,
  onKeep,
}: {
  kit: FullKit;
  anchor: HTMLElement;
  first: boolean;
  last: boolean;
  /** Whether the track is kept offline; null where nothing can be kept. */
  kept: boolean | null;
  onClose(): void;
  onMoveUp(): void;
  onMoveDown(): void;
  onKeep(): void;
}) {
  const choose = (action: () => void) => () => {
    onClose();
    action();
  };
  return (
    // Inside the dialog, not at the end of the body: its items belong to the dialog.
    <Menu anchorEl={anchor} open onClose={onClose} disablePortal>
      <MenuItem disabled={first} onClick={choose(onMoveUp)}>
        Move up
      </MenuItem>
      <MenuItem disabled={last} onClick={choose(onMoveDown)}>
        Move down
      </MenuItem>
      {kept !== null && (
        <MenuItem onClick={choose(onKeep)}>
          {kept ? 'Remove offline copy' : 'Keep offline'}
        </MenuItem>
      )}
    </Menu>
  );
}
