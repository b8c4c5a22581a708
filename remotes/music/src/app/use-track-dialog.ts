import { startTransition, useCallback, useState } from 'react';
import type { SharedLink, StoredTrack } from '@loofi/contracts';

interface DialogState {
  open: boolean;
  /** Counts openings: each one mounts a fresh dialog, so nothing of the last one is left. */
  session: number;
  editing: StoredTrack | null;
  /** A link shared into loofi, which the new dialog starts from. */
  shared: SharedLink | null;
}

/**
 * Opens the track dialog to add music (from a link shared into loofi, if any), or on the
 * stored entry of one track to edit it.
 */
export function useTrackDialog(tracks: readonly StoredTrack[] | null) {
  const [state, setState] = useState<DialogState>({
    open: false,
    session: 0,
    editing: null,
    shared: null,
  });

  // The dialog (its modal, backdrop, focus trap and form) is built as a transition: the
  // press is answered in its own frame, and the dialog comes in the next ones.
  const openOn = useCallback(
    (editing: StoredTrack | null, shared: SharedLink | null = null) =>
      startTransition(() =>
        setState((current) => ({ open: true, session: current.session + 1, editing, shared })),
      ),
    [],
  );
  const openAdd = useCallback(() => openOn(null), [openOn]);
  const openShared = useCallback((link: SharedLink) => openOn(null, link), [openOn]);
  // By key, never by row position: whatever the page, sort, filter or holes in the list.
  const openTrack = useCallback(
    (key: string) => {
      const track = tracks?.find((entry) => entry.key === key);
      if (track) openOn(track);
    },
    [tracks, openOn],
  );
  // An entry the table cannot show (one that needs repair) is opened as it was found.
  const openEntry = openOn;
  // The dialog keeps what it shows while it fades out.
  const close = useCallback(() => setState((current) => ({ ...current, open: false })), []);
  /** Closes the dialog of `session`: a write that ends after it closed never closes the next one. */
  const closeSession = useCallback(
    (session: number) =>
      setState((current) => (current.session === session ? { ...current, open: false } : current)),
    [],
  );

  return { ...state, openAdd, openShared, openTrack, openEntry, close, closeSession };
}
