import { plainTrack, validateTrack } from '@loofi/contracts';
import type { StoredTrack, Track } from '@loofi/contracts';
import { listOf, plural } from '../../lib/messages';
import { trackIdentity } from '../../lib/track-identity';
import { yieldToBrowser } from '../../lib/yield-to-browser';

/** Marks a file as a loofi library export; its version says how to read it. */
const EXPORT_FORMAT = 'loofi-library';
const EXPORT_VERSION = 1;

/** Far above ten thousand tracks (about 2 MB), far below what would freeze the page. */
export const MAX_IMPORT_BYTES = 25 * 1024 * 1024;

export interface LibraryExport {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  tracks: Track[];
}

/** The library as a file: the tracks only, without the keys of this backend. */
export function createExport(tracks: readonly Track[], now = new Date()): LibraryExport {
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    tracks: tracks.map(plainTrack),
  };
}

export function exportFileName(now = new Date()): string {
  return `loofi-library-${now.toISOString().slice(0, 10)}.json`;
}

/** A file that cannot be imported at all; the message is for the owner. */
export class ImportFileError extends Error {
  override name = 'ImportFileError';
}

/** The entries of an export (or of a plain array of tracks), not yet checked one by one. */
export function readImportFile(text: string): unknown[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ImportFileError('This file is not valid JSON, so it cannot be imported.');
  }
  if (Array.isArray(data)) return data;
  const tracks =
    typeof data === 'object' && data !== null ? (data as { tracks?: unknown }).tracks : undefined;
  if (Array.isArray(tracks)) return tracks;
  throw new ImportFileError('This file is not a loofi library export: it has no list of tracks.');
}

/** One entry as a track the library accepts, or null. A missing image is no image. */
function toTrack(entry: unknown): Track | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const { title, author, audio, image = '' } = entry as Record<string, unknown>;
  if (![title, author, audio, image].every((value) => typeof value === 'string')) return null;
  try {
    return validateTrack({ title, author, audio, image } as Track);
  } catch {
    return null;
  }
}

export interface ImportPlan {
  /** What to add, in the file's order. */
  tracks: Track[];
  duplicates: number;
  invalid: number;
}

/** Sorts the file's entries into new tracks, duplicates (of the library or the file) and invalid ones. */
/** How many entries are checked between two yields to the browser. */
const PLAN_SLICE = 2000;

/**
 * The tracks of a file to add: valid, and neither in the library nor repeated in the file.
 * A file of 100,000 entries is checked a slice at a time, so the page keeps answering (and
 * Cancel, through `signal`, works) while it is read.
 */
export async function planImport(
  entries: readonly unknown[],
  library: readonly StoredTrack[],
  signal?: AbortSignal,
): Promise<ImportPlan> {
  const slices = async <T>(items: readonly T[], each: (item: T) => void) => {
    for (let start = 0; start < items.length; start += PLAN_SLICE) {
      await yieldToBrowser();
      signal?.throwIfAborted();
      for (const item of items.slice(start, start + PLAN_SLICE)) each(item);
    }
  };
  const known = new Set<string>();
  await slices(library, (track) => known.add(trackIdentity(track)));
  const tracks: Track[] = [];
  let duplicates = 0;
  let invalid = 0;
  await slices(entries, (entry) => {
    const track = toTrack(entry);
    if (!track) {
      invalid += 1;
      return;
    }
    const identity = trackIdentity(track);
    if (known.has(identity)) {
      duplicates += 1;
      return;
    }
    known.add(identity);
    tracks.push(track);
  });
  return { tracks, duplicates, invalid };
}

/** e.g. 'Imported 3 tracks; skipped 2 duplicates and 1 invalid entry.' */
export function importSummary(
  imported: number,
  plan: Pick<ImportPlan, 'duplicates' | 'invalid'>,
): string {
  const skipped = [
    plan.duplicates > 0 ? plural(plan.duplicates, 'duplicate') : null,
    plan.invalid > 0 ? plural(plan.invalid, 'invalid entry', 'invalid entries') : null,
  ].filter((part): part is string => part !== null);
  const head = `Imported ${plural(imported, 'track')}`;
  return skipped.length > 0 ? `${head}; skipped ${listOf(skipped)}.` : `${head}.`;
}
