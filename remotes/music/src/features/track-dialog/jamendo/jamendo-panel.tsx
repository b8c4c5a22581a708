import { Alert, Box, Button, Stack } from '@loofi/ui-kit/base';
import {
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
} from '@loofi/ui-kit';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { CandidatePicker } from '../candidates/candidate-picker';
import { useCandidates } from '../candidates/use-candidates';
import type { PanelProps } from '../panel-props';
import { DEFAULT_JAMENDO_TAGS, fetchJamendoTracks } from './jamendo-client';
import type { JamendoMethod } from './jamendo-client';
import { normaliseTrackCount, TRACK_COUNT } from './number-of-tracks';

const METHOD_LABELS: Record<JamendoMethod, string> = {
  popular: 'Popular',
  search: 'Search',
  tags: 'Tags',
};

/**
 * SPEC §2 Jamendo API: a method (popular, search, tags), its query, the number of tracks,
 * Fetch, then pick tracks from the results.
 */
export default function JamendoPanel(props: PanelProps) {
  const { config, busy } = props;
  const configured = Boolean(config.jamendoClientId);
  const methodLabel = useId();
  const [method, setMethod] = useState<JamendoMethod>('popular');
  const [search, setSearch] = useState('');
  const [tags, setTags] = useState(DEFAULT_JAMENDO_TAGS);
  const [count, setCount] = useState(String(TRACK_COUNT.default));
  const [searchProblem, setSearchProblem] = useState<string | null>(null);
  const { results, find, addSelected } = useCandidates(props);

  const fetchTracks = async (event: FormEvent) => {
    event.preventDefault();
    const problem = method === 'search' && !search.trim() ? 'Enter something to search for.' : null;
    setSearchProblem(problem);
    if (problem) return;
    const limit = normaliseTrackCount(count);
    setCount(String(limit));
    await find('Fetching tracks from Jamendo…', async (signal) => ({
      tracks: await fetchJamendoTracks(config, { method, search, tags, limit }, { signal }),
    }));
  };

  return (
    <Stack spacing={2}>
      {!configured && (
        <Alert severity="info">
          Jamendo is not configured for this build: it needs a Jamendo client id (JAMENDO_CLIENT_ID)
          at build time to fetch tracks.
        </Alert>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void fetchTracks(event)}
        aria-label="Jamendo API"
      >
        <Stack spacing={2}>
          <FormControl disabled={!configured}>
            <FormLabel id={methodLabel}>Method</FormLabel>
            <RadioGroup
              row
              aria-labelledby={methodLabel}
              value={method}
              onChange={(event) => setMethod(event.target.value as JamendoMethod)}
            >
              {(Object.keys(METHOD_LABELS) as JamendoMethod[]).map((value) => (
                <FormControlLabel
                  key={value}
                  value={value}
                  control={<Radio />}
                  label={METHOD_LABELS[value]}
                />
              ))}
            </RadioGroup>
          </FormControl>
          {method === 'search' && (
            <TextField
              label="Search Query"
              type="search"
              required
              disabled={!configured}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              error={searchProblem !== null}
              helperText={searchProblem ?? 'A title, an artist or a mood'}
            />
          )}
          {method === 'tags' && (
            <TextField
              label="Tags"
              disabled={!configured}
              value={tags}
              onChange={(event) => setTags(event.target.value)}
              helperText={`Separated by commas; empty means ${DEFAULT_JAMENDO_TAGS}`}
            />
          )}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label="Number of Tracks"
              type="number"
              disabled={!configured}
              value={count}
              onChange={(event) => setCount(event.target.value)}
              onBlur={() => setCount(String(normaliseTrackCount(count)))}
              helperText={`From ${TRACK_COUNT.min} to ${TRACK_COUNT.max}`}
              sx={{ width: 200 }}
              slotProps={{
                htmlInput: { min: TRACK_COUNT.min, max: TRACK_COUNT.max, step: 1 },
              }}
            />
            <Button type="submit" variant="contained" disabled={!configured || busy} sx={{ mt: 1 }}>
              Fetch
            </Button>
          </Stack>
        </Stack>
      </Box>
      {results && (
        <CandidatePicker key={results.id} results={results} busy={busy} onAdd={addSelected} />
      )}
    </Stack>
  );
}
