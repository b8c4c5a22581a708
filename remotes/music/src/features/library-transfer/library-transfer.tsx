import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import { Box, Button, Stack, Typography } from '@loofi/ui-kit/base';
import { LinearProgress } from '@loofi/ui-kit';
import { memo, useRef } from 'react';
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
        <Button size="small" onClick={cancelImport}>
          Cancel import
        </Button>
      )}
    </Stack>
  );
});
