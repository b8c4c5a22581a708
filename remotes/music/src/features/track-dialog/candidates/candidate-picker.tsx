import MusicNoteIcon from '@mui/icons-material/MusicNote';
import { Avatar, Box, Button, Stack, Typography } from '@loofi/ui-kit/base';
import {
  Checkbox,
  FormControlLabel,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
} from '@loofi/ui-kit';
import { useState } from 'react';
import type { Track } from '@loofi/contracts';
import { listOf, plural } from '../../../lib/messages';
import { describeSkipped } from '../../../lib/track-candidate';
import type { CandidateResults } from './use-candidates';

export interface CandidatePickerProps {
  results: CandidateResults;
  busy: boolean;
  /** Adds the selected tracks; failures are reported by the dialog's task runner. */
  onAdd(selected: Track[]): Promise<unknown>;
}

/** As an import's: 'Found 3 new tracks; skipped 2 duplicates and 1 entry missing …'. */
export function summary({ candidates, duplicates, found, skipped }: CandidateResults): string {
  const head =
    found > candidates.length
      ? `Found ${plural(found, 'new track')}; showing the first ${candidates.length}`
      : found > 0
        ? `Found ${plural(found, 'new track')}`
        : 'No new tracks found';
  // Duplicates of the library and repeats within the results alike (SPEC §5).
  const left = [
    ...(duplicates > 0 ? [plural(duplicates, 'duplicate')] : []),
    ...describeSkipped(skipped),
  ];
  return left.length > 0 ? `${head}; skipped ${listOf(left)}.` : `${head}.`;
}

/**
 * SPEC §2: the results list; clicking a result toggles its selection, 'Add Selected' adds
 * them (disabled while none is selected). Each result is a labelled checkbox, so the
 * keyboard selects with Tab and Space.
 */
export function CandidatePicker({ results, busy, onAdd }: CandidatePickerProps) {
  const { candidates } = results;
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (index: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(index)) next.add(index);
      return next;
    });
  const allSelected = candidates.length > 0 && selected.size === candidates.length;
  const toggleAll = () =>
    setSelected(allSelected ? new Set() : new Set(candidates.map((_candidate, index) => index)));

  return (
    <Stack spacing={1} component="section" aria-label="Results">
      <Typography role="status" variant="body2" color="text.secondary">
        {summary(results)}
      </Typography>
      {candidates.length > 0 && (
        <>
          <FormControlLabel
            label="Select all"
            control={
              <Checkbox
                checked={allSelected}
                indeterminate={selected.size > 0 && !allSelected}
                onChange={toggleAll}
              />
            }
          />
          <List dense disablePadding sx={{ maxHeight: 320, overflow: 'auto' }}>
            {candidates.map((candidate, index) => {
              const isSelected = selected.has(index);
              return (
                <ListItem key={index} disablePadding>
                  <Box
                    component="label"
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      width: '100%',
                      px: 1,
                      cursor: 'pointer',
                      borderRadius: 1,
                      bgcolor: isSelected ? 'action.selected' : undefined,
                      '&:hover': { bgcolor: isSelected ? 'action.selected' : 'action.hover' },
                    }}
                  >
                    <Checkbox
                      edge="start"
                      checked={isSelected}
                      onChange={() => toggle(index)}
                      sx={{ mr: 1 }}
                    />
                    <ListItemAvatar>
                      <Avatar
                        variant="rounded"
                        src={candidate.image || undefined}
                        alt=""
                        // A found page's cover may be huge: decoded off the main thread.
                        slotProps={{
                          img: {
                            referrerPolicy: 'no-referrer',
                            loading: 'lazy',
                            decoding: 'async',
                            width: 40,
                            height: 40,
                          },
                        }}
                      >
                        <MusicNoteIcon />
                      </Avatar>
                    </ListItemAvatar>
                    {/* A page may give a title of one long word: it wraps rather than
                        running out of the dialog. */}
                    <ListItemText
                      primary={candidate.title}
                      secondary={candidate.author}
                      sx={{ overflowWrap: 'anywhere' }}
                    />
                  </Box>
                </ListItem>
              );
            })}
          </List>
        </>
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
        {selected.size > 0 && (
          <Typography variant="body2" color="text.secondary">
            {selected.size} selected
          </Typography>
        )}
        <Button
          variant="contained"
          disabled={selected.size === 0 || busy}
          onClick={() => void onAdd(candidates.filter((_candidate, index) => selected.has(index)))}
        >
          Add Selected
        </Button>
      </Stack>
    </Stack>
  );
}
