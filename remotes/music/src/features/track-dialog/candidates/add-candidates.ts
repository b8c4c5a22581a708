import type { LibraryPort, StoredTrack, Track } from '@loofi/contracts';
import { addInBatches } from '../../../lib/add-in-batches';
import { identitiesOf, splitDuplicates } from '../../../lib/track-identity';
import { plural } from '../../../lib/messages';

export interface AddOutcome {
  added: number;
  /** Selected tracks that had reached the library in the meantime, or repeated another. */
  skipped: number;
}

/**
 * Adds the selected candidates, leaving out any that are in the library by now or repeat
 * one another (SPEC §5: duplicates are filtered out of the selected batch too).
 */
export async function addCandidates(
  library: LibraryPort,
  selected: readonly Track[],
  tracks: readonly StoredTrack[],
  options: { signal?: AbortSignal; onProgress?(done: number, total: number): void } = {},
): Promise<AddOutcome> {
  const { fresh, duplicates } = splitDuplicates(selected, identitiesOf(tracks));
  // The library leaves out what reached it after the dialog read it (another tab, a device).
  const added = await addInBatches(library, fresh, { ...options, batchSize: 10 });
  return { added, skipped: duplicates.length + fresh.length - added };
}

export function describeAddOutcome({ added, skipped }: AddOutcome): string {
  const addedText = `Added ${plural(added, 'track')} to your library.`;
  return skipped > 0 ? `${addedText} ${plural(skipped, 'duplicate')} left out.` : addedText;
}
