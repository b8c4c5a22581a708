import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { Track } from '@loofi/contracts';
import { createMemoryLibrary } from './memory-library';

const track = (title: string): Track => ({
  title,
  author: 'Author',
  audio: `https://example.org/${title}.mp3`,
  image: '/cover.png',
});

describe('createMemoryLibrary', () => {
  it('adds, updates and removes by stable key', async () => {
    const library = createMemoryLibrary([track('a'), track('b'), track('c')]);
    const [, middle] = await firstValueFrom(library.tracks$);
    await library.update(middle!.key, track('B'));
    await library.add(track('d'));
    await library.remove(middle!.key);
    const titles = (await firstValueFrom(library.tracks$)).map((entry) => entry.title);
    expect(titles).toEqual(['a', 'c', 'd']);
  });

  it('rejects an update of a key it does not hold', async () => {
    const library = createMemoryLibrary();
    await expect(library.update('nope', track('x'))).rejects.toThrow('No track with key nope');
  });
});
