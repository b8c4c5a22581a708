import { Box } from '@loofi/ui-kit/base';
import MusicNoteRounded from '@mui/icons-material/MusicNoteRounded';
import { useState } from 'react';

const COVER_SIZE = 320;

/**
 * A track's cover, loaded at once when `eager` (with a high priority: it is what the page
 * paints largest), otherwise only when it scrolls near; a note when it has none or it fails.
 */
export function TrackCover({ image, eager = false }: { image: string; eager?: boolean }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (image === '' || failed === image) {
    return (
      <Box
        sx={{
          aspectRatio: '1',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'text.secondary',
        }}
      >
        <MusicNoteRounded sx={{ fontSize: 56 }} />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={image}
      // Decorative: the card's button is named by the title and author it shows.
      alt=""
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      width={COVER_SIZE}
      height={COVER_SIZE}
      onError={() => setFailed(image)}
      sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '1', objectFit: 'cover' }}
    />
  );
}
