import AddIcon from '@mui/icons-material/Add';
import { Alert, Button, Stack, Typography } from '@loofi/ui-kit/base';
import { useCallback, useEffect, useRef, useState } from 'react';
import { LIBRARY_UNREADABLE_MESSAGE } from '@loofi/contracts';
import type { RemoteProps, StoredTrack, UnreadableEntry } from '@loofi/contracts';
import { LibraryCounter } from '../features/library-counter/library-counter';
import { LibraryTransfer } from '../features/library-transfer/library-transfer';
import { TrackDialog } from '../features/track-dialog/track-dialog';
import { TrackTable } from '../features/track-table/track-table';
import type { RowFocusRequest, TrackTableHandle } from '../features/track-table/track-table';
import { UnreadableEntries, useUnreadableEntries } from '../features/repair/unreadable-entries';
import { useLibraryRead } from '../lib/library-read';
import { SOMETHING_WENT_WRONG } from '../lib/messages';
import { NoticeSnackbar } from './notice-snackbar';
import { useNotices } from './use-notices';
import { useTrackDialog } from './use-track-dialog';
import { useUndoDelete } from './use-undo-delete';

const NO_TRACKS: readonly StoredTrack[] = [];

/**
 * SPEC §2's Music tab: the counter, Add Music, export and import, the table (with each row's
 * More actions) and the dialog.
 */
export function MusicApp({ library, player, config, offline, shared }: RemoteProps) {
  const read = useLibraryRead(library);
  const tracks = read.status === 'loaded' ? read.tracks : null;
  const dialog = useTrackDialog(tracks);
  const { notice, show, dismiss } = useNotices();
  // Where the keyboard's focus goes when what held it is gone (a row deleted, Undo pressed).
  const [rowFocus, setRowFocus] = useState<RowFocusRequest | null>(null);
  const focusRow = useCallback(
    (matches: (track: StoredTrack) => boolean) => setRowFocus({ matches }),
    [],
  );
  const rowFocusDone = useCallback(() => setRowFocus(null), []);
  const table = useRef<TrackTableHandle>(null);
  const addMusic = useRef<HTMLButtonElement>(null);
  const offerUndo = useUndoDelete(library, show, focusRow);
  const unreadable = useUnreadableEntries(library);
  const { session, closeSession, openEntry, openShared } = dialog;

  // A link shared into loofi (contract 1.6) opens Add Music on it, once, while the tab shows.
  useEffect(() => {
    if (!shared) return;
    const watching = shared.waiting$.subscribe((link) => {
      if (link && shared.take(link)) openShared(link);
    });
    return () => watching.unsubscribe();
  }, [shared, openShared]);

  // Told by the dialog of `session`, perhaps after the owner closed it.
  const saved = useCallback(
    (message: string) => {
      closeSession(session);
      show({ severity: 'success', message });
    },
    [closeSession, session, show],
  );
  const failedAfterClose = useCallback(
    () => show({ severity: 'error', message: SOMETHING_WENT_WRONG }),
    [show],
  );
  const deleted = useCallback(
    (track: StoredTrack) => {
      closeSession(session);
      const next = table.current?.rowAfterOpened() ?? null;
      offerUndo(track, () =>
        next ? focusRow((shown) => shown.key === next.key) : addMusic.current?.focus(),
      );
    },
    [closeSession, session, offerUndo, focusRow],
  );

  const repair = useCallback(
    (entry: UnreadableEntry) => openEntry({ ...entry.found, key: entry.key }),
    [openEntry],
  );
  const removeUnreadable = useCallback(
    (entry: UnreadableEntry) =>
      void library.remove(entry.key).then(
        () => show({ severity: 'success', message: 'The unreadable entry was deleted.' }),
        (error: unknown) => {
          console.error(error);
          show({ severity: 'error', message: SOMETHING_WENT_WRONG });
        },
      ),
    [library, show],
  );

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        Music
      </Typography>
      <LibraryCounter library={library} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button ref={addMusic} variant="contained" startIcon={<AddIcon />} onClick={dialog.openAdd}>
          Add Music
        </Button>
        <LibraryTransfer library={library} tracks={tracks} notify={show} />
      </Stack>
      <UnreadableEntries entries={unreadable} onRepair={repair} onDelete={removeUnreadable} />
      {/* The table's loading rows would wait for ever: the owner is told instead. */}
      {read.status === 'failed' ? (
        <Alert severity="error">{LIBRARY_UNREADABLE_MESSAGE}</Alert>
      ) : (
        <TrackTable
          tracks={tracks}
          player={player}
          offline={offline}
          onOpenTrack={dialog.openTrack}
          notify={show}
          focusRequest={rowFocus}
          onFocusRequestDone={rowFocusDone}
          ref={table}
        />
      )}
      <TrackDialog
        key={dialog.session}
        open={dialog.open}
        editing={dialog.editing}
        shared={dialog.shared}
        tracks={tracks ?? NO_TRACKS}
        library={library}
        config={config}
        onClose={dialog.close}
        onSaved={saved}
        onDeleted={deleted}
        onFailedAfterClose={failedAfterClose}
      />
      <NoticeSnackbar notice={notice} onClose={dismiss} />
    </Stack>
  );
}
