import { Box, Button, Stack } from '@loofi/ui-kit/base';
import { TextField } from '@loofi/ui-kit';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { CandidatePicker } from '../candidates/candidate-picker';
import { useCandidates } from '../candidates/use-candidates';
import type { PanelProps } from '../panel-props';
import { skipCounter } from '../../../lib/track-candidate';
import { pageUrlProblem, scrapeTracks } from './scrape-tracks';

/**
 * SPEC §2 Web Scraping: a page's address, Scrape, then pick tracks from the results. A page
 * shared into loofi is scraped as the panel opens.
 */
export default function WebScrapingPanel(props: PanelProps) {
  const { config, busy, shared } = props;
  const sharedPage = shared?.kind === 'page' ? shared.url : null;
  const [url, setUrl] = useState(sharedPage ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const { results, find, addSelected } = useCandidates(props);

  const scrape = async (address: string) => {
    const urlProblem = pageUrlProblem(address);
    setProblem(urlProblem);
    if (urlProblem) return;
    await find('Scraping the page…', async (signal) => {
      const skipped = skipCounter();
      const tracks = await scrapeTracks(address.trim(), config.scrapeProxyUrl, {
        signal,
        onSkipped: skipped.skip,
      });
      return { tracks, skipped: skipped.counts };
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void scrape(url);
  };
  // A shared page is scraped as the panel opens (development runs effects twice: the
  // second scrape replaces the first, which the dialog's tasks abort).
  const scrapeShared = useRef(scrape);
  useEffect(() => {
    if (sharedPage !== null) void scrapeShared.current(sharedPage);
  }, [sharedPage]);

  return (
    <Stack spacing={2}>
      <Box component="form" noValidate onSubmit={submit} aria-label="Web Scraping">
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
