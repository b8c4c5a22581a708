import BuildIcon from '@mui/icons-material/Build';
import DeleteIcon from '@mui/icons-material/Delete';
import { Alert, AlertTitle, Box, Button, Stack, Typography } from '@loofi/ui-kit/base';
import { useMemo } from 'react';
import { of } from 'rxjs';
import type { LibraryPort, UnreadableEntry } from '@loofi/contracts';
import { useObservable } from '@loofi/ui';
import { plural } from '../../lib/messages';

const NONE: readonly UnreadableEntry[] = [];

/** The library's entries that cannot be read (older data, another tool), live. */
export function useUnreadableEntries(library: LibraryPort): readonly UnreadableEntry[] {
  // A shell of an earlier release does not offer the list: then there is nothing to show.
  const unreadable$ = useMemo(() => library.unreadable$ ?? of(NONE), [library]);
  return useObservable(unreadable$, NONE);
}

/**
 * Entries the table cannot show, each with what is wrong and what could be read of it:
 * Repair opens it in the edit dialog, Delete removes it. Nothing is hidden from the owner.
 */
export function UnreadableEntries({
  entries,
  onRepair,
  onDelete,
}: {
  entries: readonly UnreadableEntry[];
  onRepair(entry: UnreadableEntry): void;
  onDelete(entry: UnreadableEntry): void;
}) {
  if (entries.length === 0) return null;
  return (
    // A region, not an alert: it is there on every visit until repaired, not news.
    <Alert
      severity="warning"
      component="section"
      role="region"
      aria-labelledby="unreadable-entries-title"
    >
      <AlertTitle id="unreadable-entries-title">
        {plural(entries.length, 'entry', 'entries')} of your library{' '}
        {entries.length === 1 ? 'needs' : 'need'} repair
      </AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        They cannot be played as they are stored. Repair one to correct it, or delete it.
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {entries.map((entry) => {
          const name = entry.found.title.trim() || `Entry ${entry.key}`;
          return (
            <Box
              component="li"
              key={entry.key}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
            >
              <Box sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}>
                <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                  {name}
                </Typography>{' '}
                <Typography variant="body2" component="span">
                  {entry.problem}
                </Typography>
              </Box>
              <Button
                size="small"
                color="inherit"
                startIcon={<BuildIcon />}
                aria-label={`Repair ${name}`}
                onClick={() => onRepair(entry)}
              >
                Repair
              </Button>
              <Button
                size="small"
                color="inherit"
                startIcon={<DeleteIcon />}
                aria-label={`Delete ${name}`}
                onClick={() => onDelete(entry)}
              >
                Delete
              </Button>
            </Box>
          );
        })}
      </Stack>
    </Alert>
  );
}
