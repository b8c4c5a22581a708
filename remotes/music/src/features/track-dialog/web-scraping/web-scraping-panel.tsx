import { Box, Button, Stack } from '@loofi/ui-kit/base';
import { TextField } from '@loofi/ui-kit';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { CandidatePicker } from '../candidates/candidate-picker';
import { useCandidates } from '../candidates/use-candidates';
import type { PanelProps } from '../panel-props';
import { skipCounter } from '../../../lib/track-candidate';
import { pageUrlProblem, scrapeTracks } from './scrape-tracks';

/** SPEC §2 Web Scraping: a page's address, Scrape, then pick tracks from the results. */
export default function WebScrapingPanel(props: PanelProps) {
  const { config, busy } = props;
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { results, find, addSelected } = useCandidates(props);

  const scrape = async (event: FormEvent) => {
    event.preventDefault();
    const urlProblem = pageUrlProblem(url);
    setProblem(urlProblem);
    if (urlProblem) return;
    await find('Scraping the page…', async (signal) => {
      const skipped = skipCounter();
      const tracks = await scrapeTracks(url.trim(), config.scrapeProxyUrl, {
        signal,
        onSkipped: skipped.skip,
      });
      return { tracks, skipped: skipped.counts };
    });
  };

  return (
    <Stack spacing={2}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void scrape(event)}
        aria-label="Web Scraping"
      >
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: 'flex-start' }}
        >
          <TextField
            label="URL"
            type="url"
            required
            fullWidth
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            error={problem !== null}
            helperText={problem ?? 'A page listing tracks as .track-item elements'}
            placeholder="https://example.org/playlist"
          />
          <Button type="submit" variant="contained" disabled={busy} sx={{ mt: { sm: 1 } }}>
            Scrape
          </Button>
        </Stack>
      </Box>
      {results && (
        <CandidatePicker key={results.id} results={results} busy={busy} onAdd={addSelected} />
      )}
    </Stack>
  );
}
