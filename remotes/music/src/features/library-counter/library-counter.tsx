import { Card, CardContent, Typography } from '@loofi/ui-kit/base';
import { Skeleton } from '@loofi/ui-kit';
import type { LibraryPort } from '@loofi/contracts';
import { useTrackCount } from './use-track-count';

/** SPEC §2: the counters card shows the track count, '-' when zero. */
export function LibraryCounter({ library }: { library: LibraryPort }) {
  const count = useTrackCount(library);
  return (
    <Card sx={{ maxWidth: 240 }} component="section" aria-labelledby="library-counter-label">
      <CardContent>
        <Typography id="library-counter-label" variant="overline" component="h2">
          Tracks
        </Typography>
        {count === null ? (
          <Skeleton variant="text" width={48} sx={{ fontSize: '2.125rem' }} aria-label="Loading" />
        ) : (
          <Typography variant="h4" component="p">
            {count === 0 ? '-' : count}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
