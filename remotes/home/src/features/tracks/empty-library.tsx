import { Button, Paper, Stack, Typography } from '@loofi/ui-kit/base';
import LibraryMusicOutlined from '@mui/icons-material/LibraryMusicOutlined';
import type { RemoteProps } from '@loofi/contracts';

/** A first visit with nothing to play yet: say so, and lead to where tracks are added. */
export function EmptyLibrary({ navigate }: Pick<RemoteProps, 'navigate'>) {
  return (
    <Paper variant="outlined" sx={{ p: 4 }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <LibraryMusicOutlined sx={{ fontSize: 48, color: 'text.secondary' }} />
        <Typography variant="h6" component="p">
          Your library is empty
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: 420 }}>
          Add a few lo-fi tracks in the Music tab and they will be waiting here, ready to play.
        </Typography>
        <Button variant="contained" onClick={() => navigate('music')}>
          Add tracks
        </Button>
      </Stack>
    </Paper>
  );
}
