import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { Track } from '@loofi/contracts';
import { createMemoryLibrary } from '@loofi/backend/testing';
import { addCandidates, describeAddOutcome } from './add-candidates';

const track = (title: string): Track => ({
  title,
  author: 'Owl',
  audio: `https://example.org/${title}.mp3`,
  image: '',
});

describe('adding the selected candidates', () => {
  it('counts what the library added, and as left out what it held by then', async () => {
    // The dialog read the library before "Rain" came in from another tab.
    const library = createMemoryLibrary([track('Rain')]);
    const outcome = await addCandidates(library, [track('Rain'), track('Snow'), track('Snow')], []);
    expect(outcome).toEqual({ added: 1, skipped: 2, cancelled: 0 });
    expect(describeAddOutcome(outcome)).toBe(
      'Added 1 track to your library. 2 duplicates left out.',
    );
  });

  it('stops between two batches when cancelled, and counts what was written', async () => {
    const library = createMemoryLibrary([]);
    const controller = new AbortController();
    const selected = Array.from({ length: 25 }, (_, index) => track(`Tone ${index}`));
    // The owner cancels as the first batch of ten is written.
    const outcome = await addCandidates(library, selected, [], {
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    expect(outcome).toEqual({ added: 10, skipped: 0, cancelled: 15 });
    expect(await firstValueFrom(library.tracks$)).toHaveLength(10);
    expect(describeAddOutcome(outcome)).toBe(
      'Added 10 tracks to your library. Cancelled before 15 other tracks could be added.',
    );
  });

  it('fails as the library fails, cancelled or not', async () => {
    const library = createMemoryLibrary([]);
    library.addMany = () => Promise.reject(new Error('quota'));
    await expect(addCandidates(library, [track('Rain')], [])).rejects.toThrow('quota');
    // The owner cancels while the write is under way: it fails all the same.
    const controller = new AbortController();
    library.addMany = () => {
      controller.abort();
      return Promise.reject(new Error('quota'));
    };
    await expect(
      addCandidates(library, [track('Rain')], [], { signal: controller.signal }),
    ).rejects.toThrow('quota');
  });
});
