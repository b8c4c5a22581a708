import { useCallback } from 'react';
import { plainTrack } from '@loofi/contracts';
import type { LibraryPort, StoredTrack } from '@loofi/contracts';
import { SOMETHING_WENT_WRONG } from '../lib/messages';
import type { Notice } from '../lib/notice';

/** The track as it was stored: what identifies it again once it is added back. */
const sameTrack = (deleted: StoredTrack) => {
  const { title, author, audio, image } = plainTrack(deleted);
  return (track: StoredTrack) =>
    track.title === title &&
    track.author === author &&
    track.audio === audio &&
    track.image === image;
};

/**
 * After a delete, offers Undo for a few seconds; Undo adds the track back and puts the
 * focus on it (`focusRow`). Closing the offer while it holds the focus calls `focusAfter`.
 */
export function useUndoDelete(
  library: LibraryPort,
  notify: (notice: Notice) => void,
  focusRow: (matches: (track: StoredTrack) => boolean) => void,
) {
  return useCallback(
    function offerUndo(
      deleted: StoredTrack,
      focusAfter: () => void,
      message = `Deleted “${deleted.title}”.`,
    ) {
      const { title } = deleted;
      notify({
        severity: 'info',
        message,
        // The deleted track's row, where the focus was, is gone: Undo takes it.
        focusAction: true,
        focusOnClose: focusAfter,
        action: {
          label: 'Undo',
          onClick() {
            library.add(plainTrack(deleted)).then(
              () => {
                notify({ severity: 'success', message: `Restored “${title}”.` });
                focusRow(sameTrack(deleted));
              },
              (error: unknown) => {
                console.error(error);
                offerUndo(deleted, focusAfter, SOMETHING_WENT_WRONG);
              },
            );
          },
        },
      });
    },
    [library, notify, focusRow],
  );
}
