import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import { Box, Button, Stack, Typography } from '@loofi/ui-kit/base';
import { LinearProgress } from '@loofi/ui-kit';
import { memo, useEffect, useRef } from 'react';
import { rescueFocus } from '@loofi/ui';
import type { LibraryPort, StoredTrack } from '@loofi/contracts';
import type { Notice } from '../../lib/notice';
import { useLibraryTransfer } from './use-library-transfer';

export interface LibraryTransferProps {
  library: LibraryPort;
  tracks: readonly StoredTrack[] | null;
  notify(notice: Notice): void;
}

/** Export the library as a JSON file, and import such a file. */
export const LibraryTransfer = memo(function LibraryTransfer({
  library,
  tracks,
  notify,
}: LibraryTransferProps) {
  const { exportLibrary, importFile, cancelImport, progress } = useLibraryTransfer(
    library,
    tracks,
    notify,
  );
  const input = useRef<HTMLInputElement>(null);
  const importButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  // Import is disabled while it runs, and Cancel import goes when it ends: the focus moves
  // from the one to the other instead of falling to the page.
  const importing = progress !== null;
  const wasImporting = useRef(importing);
  useEffect(() => {
    if (wasImporting.current === importing) return;
    wasImporting.current = importing;
    if (importing) rescueFocus(cancelButton.current, importButton.current);
    else rescueFocus(importButton.current);
  }, [importing]);

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Button
        startIcon={<FileDownloadIcon />}
        onClick={exportLibrary}
        disabled={!tracks || tracks.length === 0}
      >
        Export
      </Button>
      <Button
        ref={importButton}
        startIcon={<FileUploadIcon />}
        onClick={() => input.current?.click()}
        disabled={!tracks || progress !== null}
      >
        Import
      </Button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        hidden
        aria-label="Library file to import"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file may be chosen again later: reset the input.
          event.target.value = '';
          if (file) void importFile(file);
        }}
      />
      <Box sx={{ minWidth: 200 }}>
        {progress && (
          <LinearProgress
            aria-label="Importing"
            variant={progress.total === null ? 'indeterminate' : 'determinate'}
            value={progress.total ? (100 * progress.done) / progress.total : 0}
          />
        )}
        <Typography role="status" variant="caption" color="text.secondary">
          {progress &&
            (progress.total === null
              ? 'Reading the file…'
              : `Importing… ${progress.done} of ${progress.total}`)}
        </Typography>
      </Box>
      {progress && (
        <Button ref={cancelButton} size="small" onClick={cancelImport}>
          Cancel import
        </Button>
      )}
    </Stack>
  );
});
