import type { LibraryPort, Track } from '@loofi/contracts';

export interface BatchOptions {
  signal?: AbortSignal;
  /**
   * Called after each batch with how many tracks are written so far, and how many of them
   * the library added.
   */
  onProgress?(done: number, total: number, added: number): void;
  batchSize?: number;
}

/**
 * Adds tracks a batch at a time, so a long add shows its progress and stops between two
 * batches when it is cancelled (what is written stays written). Resolves with how many the
 * library added: music it already held (another tab was quicker) is not added twice.
 */
export async function addInBatches(
  library: LibraryPort,
  tracks: readonly Track[],
  { signal, onProgress, batchSize = 25 }: BatchOptions = {},
): Promise<number> {
  let added = 0;
  for (let start = 0; start < tracks.length; start += batchSize) {
    signal?.throwIfAborted();
    const batch = tracks.slice(start, start + batchSize);
    added += await library.addMany(batch);
    onProgress?.(start + batch.length, tracks.length, added);
  }
  return added;
}
