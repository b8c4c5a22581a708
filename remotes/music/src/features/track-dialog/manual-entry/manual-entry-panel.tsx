import DeleteIcon from '@mui/icons-material/Delete';
import { Alert, Box, Button, Stack } from '@loofi/ui-kit/base';
import { TextField } from '@loofi/ui-kit';
import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { DuplicateTrackError } from '@loofi/contracts';
import type { StoredTrack, Track } from '@loofi/contracts';
import { DUPLICATE_TRACK } from '../../../lib/messages';
import { identitiesOf, trackIdentity } from '../../../lib/track-identity';
import type { PanelProps } from '../panel-props';
import { EMPTY_FIELDS, fieldErrors, trimFields } from './track-form';
import type { TrackField } from './track-form';

export interface ManualEntryPanelProps extends PanelProps {
  /** The track being edited (update mode), or null to add one. */
  editing: StoredTrack | null;
  onDeleted(track: StoredTrack): void;
}

const FIELDS: { field: TrackField; label: string; hint: string; required: boolean }[] = [
  { field: 'title', label: 'Title', hint: '', required: true },
  { field: 'author', label: 'Author', hint: '', required: true },
  {
    field: 'audio',
    label: 'Audio',
    hint: 'The address of the audio file, e.g. https://example.org/track.mp3',
    required: true,
  },
  {
    field: 'image',
    label: 'Image',
    hint: 'Optional: the address of a cover image, or a path on this site',
    required: false,
  },
];

/** SPEC §2 Manual Entry: the four fields, Add (or Update and Delete when editing). */
export function ManualEntryPanel({
  editing,
  shared,
  tracks,
  library,
  run,
  busy,
  onSaved,
  onDeleted,
}: ManualEntryPanelProps) {
  const [fields, setFields] = useState<Track>(() =>
    editing
      ? { title: editing.title, author: editing.author, audio: editing.audio, image: editing.image }
      : shared?.kind === 'audio'
        ? { ...EMPTY_FIELDS, title: shared.title, audio: shared.url }
        : EMPTY_FIELDS,
  );
  // A shared audio file may come with its title: then the owner starts at the author.
  const firstField: TrackField =
    shared?.kind === 'audio' && shared.title.trim() !== '' ? 'author' : 'title';
  const [submitted, setSubmitted] = useState(false);
  const others = useMemo(() => identitiesOf(tracks, editing?.key), [tracks, editing]);
  /** Music the library refused as one it holds (added meanwhile elsewhere, or not read yet). */
  const [refused, setRefused] = useState<string | null>(null);
  const identity = trackIdentity(fields);
  const duplicate =
    fields.title.trim() !== '' &&
    fields.author.trim() !== '' &&
    (others.has(identity) || identity === refused);
  const errors = submitted ? fieldErrors(fields) : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (duplicate || Object.keys(fieldErrors(fields)).length > 0) return;
    const track = trimFields(fields);
    const saved = await run(
      'Saving…',
      async () => {
        try {
          await (editing ? library.update(editing.key, track) : library.add(track));
          return true;
        } catch (error) {
          // The owner's to fix, in SPEC §5's words: not a failure to retry.
          if (error instanceof DuplicateTrackError) return false;
          throw error;
        }
      },
      { write: true },
    );
    if (saved?.value === false) setRefused(trackIdentity(track));
    else if (saved) onSaved(`${editing ? 'Updated' : 'Added'} “${track.title}”.`);
  };

  const remove = async () => {
    if (!editing) return;
    const removed = await run('Deleting…', () => library.remove(editing.key), { write: true });
    if (removed) onDeleted(editing);
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Manual Entry"
    >
      <Stack spacing={2}>
        {duplicate && <Alert severity="warning">{DUPLICATE_TRACK}</Alert>}
        {FIELDS.map(({ field, label, hint, required }) => (
          <TextField
            key={field}
            label={label}
            required={required}
            fullWidth
            type={field === 'audio' || field === 'image' ? 'url' : 'text'}
            value={fields[field]}
            onChange={(event) =>
              setFields((current) => ({ ...current, [field]: event.target.value }))
            }
            error={errors[field] !== undefined}
            helperText={errors[field] ?? (hint || undefined)}
            autoFocus={field === firstField}
            slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: field === 'title' } }}
          />
        ))}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {editing && (
            <Button
              color="error"
              startIcon={<DeleteIcon />}
              onClick={() => void remove()}
              disabled={busy}
              sx={{ mr: 'auto' }}
            >
              Delete
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={duplicate || busy}>
            {editing ? 'Update' : 'Add'}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
