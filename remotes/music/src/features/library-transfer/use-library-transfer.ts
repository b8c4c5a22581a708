import { useCallback, useState } from 'react';
import type { LibraryPort, StoredTrack } from '@loofi/shared/contracts';
import { addInBatches } from '../../lib/add-in-batches';
import { logFailure, SOMETHING_WENT_WRONG } from '../../lib/messages';
import type { Notice } from '../../lib/notice';
import {
  createExport,
  exportFileName,
  ImportFileError,
  importSummary,
  MAX_IMPORT_BYTES,
  planImport,
  readImportFile,
} from './library-file';

export interface ImportProgress {
  done: number;
  total: number;
}

/** Big imports are written in large batches: each write makes the library re-read itself. */
const IMPORT_BATCH_SIZE = 500;

/** Saves the library as a JSON file, and adds the tracks of such a file. */
export function useLibraryTransfer(
  library: LibraryPort,
  tracks: readonly StoredTrack[] | null,
  notify: (notice: Notice) => void,
) {
  const [progress, setProgress] = useState<ImportProgress | null>(null);

  const exportLibrary = useCallback(() => {
    if (!tracks) return;
    const now = new Date();
    const blob = new Blob([`${JSON.stringify(createExport(tracks, now), null, 2)}\n`], {
      type: 'application/json',
    });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = exportFileName(now);
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
    // The download has its own copy once it started; the next task may free the blob.
    setTimeout(() => URL.revokeObjectURL(url));
  }, [tracks]);

  const importFile = useCallback(
    async (file: File) => {
      if (!tracks) return;
      if (file.size > MAX_IMPORT_BYTES) {
        notify({
          severity: 'error',
          message: `This file is too large to import (more than ${MAX_IMPORT_BYTES / 1024 / 1024} MB).`,
        });
        return;
      }
      let plan;
      try {
        plan = planImport(readImportFile(await file.text()), tracks);
      } catch (error) {
        logFailure(error);
        notify({
          severity: 'error',
          message: error instanceof ImportFileError ? error.message : SOMETHING_WENT_WRONG,
        });
        return;
      }
      let done = 0;
      setProgress({ done, total: plan.tracks.length });
      try {
        await addInBatches(library, plan.tracks, {
          batchSize: IMPORT_BATCH_SIZE,
          onProgress(written, total) {
            done = written;
            setProgress({ done: written, total });
          },
        });
        notify({ severity: 'success', message: importSummary(plan.tracks.length, plan) });
      } catch (error) {
        logFailure(error);
        notify({
          severity: 'error',
          message: `${SOMETHING_WENT_WRONG} The import stopped after ${done} of ${plan.tracks.length} tracks; importing the file again skips those already added.`,
        });
      } finally {
        setProgress(null);
      }
    },
    [library, tracks, notify],
  );

  return { exportLibrary, importFile, progress };
}
