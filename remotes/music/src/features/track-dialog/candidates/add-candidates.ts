import type { LibraryPort, StoredTrack, Track } from '@loofi/contracts';
import { addInBatches } from '../../../lib/add-in-batches';
import { identitiesOf, splitDuplicates } from '../../../lib/track-identity';
import { plural } from '../../../lib/messages';

export interface AddOutcome {
  added: number;
  /** Selected tracks that had reached the library in the meantime, or repeated another. */
  skipped: number;
  /** Selected tracks never sent: the owner cancelled first. */
  cancelled: number;
}

/**
 * Adds the selected candidates, leaving out any that are in the library by now or repeat
 * one another (SPEC §5: duplicates are filtered out of the selected batch too). Cancelled,
 * it stops between two batches: what was written stays, and is counted.
 */
export async function addCandidates(
  library: LibraryPort,
  selected: readonly Track[],
  tracks: readonly StoredTrack[],
  options: { signal?: AbortSignal; onProgress?(done: number, total: number): void } = {},
): Promise<AddOutcome> {
  const { fresh, duplicates } = splitDuplicates(selected, identitiesOf(tracks));
  let sent = 0;
  let added = 0;
  try {
    // The library leaves out what reached it after the dialog read it (another tab, a device).
    added = await addInBatches(library, fresh, {
      signal: options.signal,
      batchSize: 10,
      onProgress(done, total, addedSoFar) {
        sent = done;
        added = addedSoFar;
        options.onProgress?.(done, total);
      },
    });
    sent = fresh.length;
  } catch (error) {
    // Stopped by the cancel between two batches; a failed write fails, cancelled or not.
    if (!options.signal?.aborted || error !== options.signal.reason) throw error;
  }
  return { added, skipped: duplicates.length + sent - added, cancelled: fresh.length - sent };
}

export function describeAddOutcome({ added, skipped, cancelled }: AddOutcome): string {
  const addedText = `Added ${plural(added, 'track')} to your library.`;
  const skippedText = skipped > 0 ? ` ${plural(skipped, 'duplicate')} left out.` : '';
  const cancelledText =
    cancelled > 0 ? ` Cancelled before ${plural(cancelled, 'other track')} could be added.` : '';
  return `${addedText}${skippedText}${cancelledText}`;
}
