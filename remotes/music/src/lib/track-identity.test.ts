import { describe, expect, it } from 'vitest';
import type { StoredTrack } from '@loofi/contracts';
import { identitiesOf, splitDuplicates, trackIdentity } from './track-identity';

const stored = (key: string, title: string, author: string): StoredTrack => ({
  key,
  title,
  author,
  audio: `https://example.org/${key}.mp3`,
  image: '',
});

describe('identitiesOf', () => {
  it('leaves out the track being edited, so it is no duplicate of itself', () => {
    const tracks = [stored('1', 'Rain', 'Cat'), stored('7', 'Snow', 'Dog')];
    expect(identitiesOf(tracks).has(trackIdentity(tracks[1]!))).toBe(true);
    expect(identitiesOf(tracks, '7').has(trackIdentity(tracks[1]!))).toBe(false);
    expect(identitiesOf(tracks, '7').has(trackIdentity(tracks[0]!))).toBe(true);
  });
});

describe('splitDuplicates', () => {
  it('filters duplicates of the library and inside the batch, keeping the first', () => {
    const library = identitiesOf([stored('0', 'Rain', 'Cat')]);
    const batch = [
      { title: 'rain ', author: 'cat', n: 1 },
      { title: 'Snow', author: 'Dog', n: 2 },
      { title: 'SNOW', author: 'dog', n: 3 },
      { title: 'Fog', author: 'Owl', n: 4 },
    ];
    const { fresh, duplicates } = splitDuplicates(batch, library);
    expect(fresh.map((track) => track.n)).toEqual([2, 4]);
    expect(duplicates.map((track) => track.n)).toEqual([1, 3]);
  });

  it('does not change the set it was given', () => {
    const library = new Set<string>();
    splitDuplicates([{ title: 'a', author: 'b' }], library);
    expect(library.size).toBe(0);
  });
});
