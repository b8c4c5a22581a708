import { useCallback, useEffect, useRef, useState } from 'react';
import type { LibraryPort, StoredTrack } from '@loofi/contracts';
import { addInBatches } from '../../lib/add-in-batches';
import { SOMETHING_WENT_WRONG } from '../../lib/messages';
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
  /** Null while the file is still being read and checked. */
  total: number | null;
}

/**
 * Tracks written per batch: few enough for the progress bar and Cancel to answer within a
 * moment, many enough that a 100,000-track file is 50 writes.
 */
const IMPORT_BATCH_SIZE = 2000;

/** Saves the library as a JSON file, and adds the tracks of such a file. */
export function useLibraryTransfer(
  library: LibraryPort,
  tracks: readonly StoredTrack[] | null,
  notify: (notice: Notice) => void,
) {
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const running = useRef<AbortController | null>(null);
  // Leaving the tab stops an import between two batches, as Cancel does.
  useEffect(() => () => running.current?.abort(), []);
  const cancelImport = useCallback(() => running.current?.abort(), []);

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
      const controller = new AbortController();
      running.current = controller;
      let plan;
      let done = 0;
      try {
        setProgress({ done, total: null });
        plan = await planImport(readImportFile(await file.text()), tracks, controller.signal);
        setProgress({ done, total: plan.tracks.length });
        const added = await addInBatches(library, plan.tracks, {
          batchSize: IMPORT_BATCH_SIZE,
          signal: controller.signal,
          onProgress(written, total) {
            done = written;
            setProgress({ done: written, total });
          },
        });
        // Music another tab added meanwhile was skipped by the library: a duplicate too.
        const skipped = plan.duplicates + plan.tracks.length - added;
        notify({
          severity: 'success',
          message: importSummary(added, { ...plan, duplicates: skipped }),
        });
      } catch (error) {
        if (controller.signal.aborted) {
          notify({
            severity: 'info',
            message: plan
              ? `Import cancelled after ${done} of ${plan.tracks.length} tracks; importing the file again skips those already added.`
              : 'Import cancelled; nothing was added.',
          });
        } else if (error instanceof ImportFileError) {
          notify({ severity: 'error', message: error.message });
        } else {
          console.error(error);
          notify({
            severity: 'error',
            message: plan
              ? `${SOMETHING_WENT_WRONG} The import stopped after ${done} of ${plan.tracks.length} tracks; importing the file again skips those already added.`
              : SOMETHING_WENT_WRONG,
          });
        }
      } finally {
        if (running.current === controller) running.current = null;
        setProgress(null);
      }
    },
    [library, tracks, notify],
  );

  return { exportLibrary, importFile, cancelImport, progress };
}
