import { Card, CardContent, Typography } from '@loofi/ui-kit/base';
import { Skeleton } from '@loofi/ui-kit';
import type { LibraryPort } from '@loofi/contracts';
import { memo } from 'react';
import { useTrackCount } from './use-track-count';

/** SPEC §2: the counters card shows the track count, '-' when zero ('Unknown' if unreadable). */
export const LibraryCounter = memo(function LibraryCounter({ library }: { library: LibraryPort }) {
  const count = useTrackCount(library);
  return (
    <Card sx={{ maxWidth: 240 }} component="section" aria-labelledby="library-counter-label">
      <CardContent>
        <Typography id="library-counter-label" variant="overline" component="h2">
          Tracks
        </Typography>
        {/* The skeleton sits in the count's own line, so the card keeps its height (and
            the table under it its place) when the count arrives. */}
        <Typography variant="h4" component="p">
          {count === null ? (
            <Skeleton width={48} aria-label="Loading" />
          ) : count === 'failed' ? (
            <Typography component="span" variant="body1" color="text.secondary">
              Unknown
            </Typography>
          ) : count === 0 ? (
            '-'
          ) : (
            count
          )}
        </Typography>
      </CardContent>
    </Card>
  );
});
