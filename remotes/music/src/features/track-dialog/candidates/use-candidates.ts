import { useRef, useState } from 'react';
import type { Track } from '@loofi/contracts';
import { identitiesOf, splitDuplicates } from '../../../lib/track-identity';
import { NOTHING_SKIPPED } from '../../../lib/track-candidate';
import type { SkippedEntries } from '../../../lib/track-candidate';
import type { PanelProps } from '../panel-props';
import type { DialogTask } from '../use-dialog-tasks';
import { addCandidates, describeAddOutcome } from './add-candidates';

/** More results than this would make the list slow to show and to pick from. */
const MAX_CANDIDATES = 500;

export interface CandidateResults {
  /** New tracks, duplicates of the library and of each other left out (SPEC §5). */
  candidates: Track[];
  /** How many found tracks were duplicates. */
  duplicates: number;
  /** How many new tracks were found in all; more than shown when over MAX_CANDIDATES. */
  found: number;
  /** The entries left out as no tracks, by reason (a scraped page's). */
  skipped: SkippedEntries;
  /** Tells one search's results from the next, so a new search starts a new selection. */
  id: number;
}

/** What a search found: its tracks, and what it left out as no tracks. */
export interface Found {
  tracks: readonly Track[];
  skipped?: SkippedEntries;
}

/** Finding candidates (a scrape, a Jamendo fetch) and adding the selected ones. */
export function useCandidates({ tracks, library, run, onSaved }: PanelProps) {
  const [results, setResults] = useState<CandidateResults | null>(null);
  const searches = useRef(0);

  const find = async (label: string, task: DialogTask<Found>) => {
    // The last search's results go as this one starts: while it runs, and if it fails, they
    // must not be offered as if they came from what the form now asks for.
    setResults(null);
    const outcome = await run(label, task);
    if (!outcome) return;
    const { fresh, duplicates } = splitDuplicates(outcome.value.tracks, identitiesOf(tracks));
    searches.current += 1;
    setResults({
      candidates: fresh.slice(0, MAX_CANDIDATES),
      duplicates: duplicates.length,
      found: fresh.length,
      skipped: outcome.value.skipped ?? NOTHING_SKIPPED,
      id: searches.current,
    });
  };

  const addSelected = async (selected: readonly Track[]) => {
    const outcome = await run(
      'Adding the selected tracks…',
      (signal, report) => addCandidates(library, selected, tracks, { signal, onProgress: report }),
      { write: true },
    );
    // Cancelled before anything was written: nothing happened, and nothing is said.
    if (!outcome || (outcome.value.added === 0 && outcome.value.cancelled > 0)) return;
    onSaved(describeAddOutcome(outcome.value));
  };

  return { results, find, addSelected };
}
