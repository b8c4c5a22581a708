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
    expect(outcome).toEqual({ added: 1, skipped: 2 });
    expect(describeAddOutcome(outcome)).toBe(
      'Added 1 track to your library. 2 duplicates left out.',
    );
  });
});
