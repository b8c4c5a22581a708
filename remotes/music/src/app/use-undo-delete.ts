import { useCallback } from 'react';
import { plainTrack } from '@loofi/contracts';
import type { LibraryPort, StoredTrack } from '@loofi/contracts';
import { SOMETHING_WENT_WRONG } from '../lib/messages';
import type { Notice } from '../lib/notice';

/** After a delete, offers Undo for a few seconds; Undo adds the track back. */
export function useUndoDelete(library: LibraryPort, notify: (notice: Notice) => void) {
  return useCallback(
    function offerUndo(deleted: StoredTrack, message = `Deleted “${deleted.title}”.`) {
      const { title } = deleted;
      notify({
        severity: 'info',
        message,
        // The deleted track's row, where the focus was, is gone: Undo takes it.
        focusAction: true,
        action: {
          label: 'Undo',
          onClick() {
            library.add(plainTrack(deleted)).then(
              () => notify({ severity: 'success', message: `Restored “${title}”.` }),
              (error: unknown) => {
                console.error(error);
                offerUndo(deleted, SOMETHING_WENT_WRONG);
              },
            );
          },
        },
      });
    },
    [library, notify],
  );
}
