import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RemoteProps } from '@loofi/shared/contracts';
import { LibraryCounter } from '../features/library-counter/library-counter';

export function MusicApp({ library }: RemoteProps) {
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        Music
      </Typography>
      <LibraryCounter library={library} />
    </Stack>
  );
}
