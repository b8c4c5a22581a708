import { describe, expect, it, vi } from 'vitest';
import { ARTWORK_SIDE, artworkShower, boundedArtwork } from './bounded-artwork';
import type { ArtworkPlatform } from './bounded-artwork';

/** Images of the given sizes; `readable`: their host lets the page read them. */
function fakePlatform(sizes: Record<string, [number, number]>, readable = true) {
  const revoked: string[] = [];
  const scaledTo: { width: number; height: number }[] = [];
  let made = 0;
  const platform: ArtworkPlatform = {
    naturalSize: (src) => {
      const size = sizes[src];
      return size
        ? Promise.resolve({ width: size[0], height: size[1] })
        : Promise.reject(new Error('not an image'));
    },
    scaled: (_src, size) => {
      scaledTo.push(size);
      return readable ? Promise.resolve(new Blob(['png'])) : Promise.reject(new Error('CORS'));
    },
    createObjectURL: () => `blob:cover-${(made += 1)}`,
    revokeObjectURL: (url) => revoked.push(url),
  };
  return { platform, revoked, scaledTo };
}

describe('boundedArtwork', () => {
  it('hands a cover of at most 1024 px a side over as it is', async () => {
    const { platform, scaledTo } = fakePlatform({ '/small.png': [800, 600] });
    expect((await boundedArtwork('/small.png', platform)).artwork).toEqual([{ src: '/small.png' }]);
    expect(scaledTo).toEqual([]);
  });

  it('scales a 12,000 × 12,000 cover to 512 px off the main thread and hands over that copy', async () => {
    const { platform, revoked, scaledTo } = fakePlatform({ '/huge.png': [12_000, 12_000] });
    const bounded = await boundedArtwork('/huge.png', platform);
    expect(scaledTo).toEqual([{ width: ARTWORK_SIDE, height: ARTWORK_SIDE }]);
    expect(bounded.artwork).toEqual([{ src: 'blob:cover-1', sizes: '512x512', type: 'image/png' }]);
    bounded.release();
    expect(revoked).toEqual(['blob:cover-1']);
  });

  it('keeps the shape of a cover that is not square', async () => {
    const { platform, scaledTo } = fakePlatform({ '/wide.png': [16_000, 4_000] });
    await boundedArtwork('/wide.png', platform);
    expect(scaledTo).toEqual([{ width: 512, height: 128 }]);
  });

  it('gives no artwork for a huge cover its host does not let the page read, nor for no image', async () => {
    const { platform } = fakePlatform({ '/huge.png': [12_000, 12_000] }, false);
    expect((await boundedArtwork('/huge.png', platform)).artwork).toEqual([]);
    expect((await boundedArtwork('/missing.png', platform)).artwork).toEqual([]);
    expect((await boundedArtwork('', platform)).artwork).toEqual([]);
  });
});

describe('artworkShower', () => {
  it('shows the latest track asked for only, and frees the copy shown before', async () => {
    const { platform, revoked } = fakePlatform({
      '/a.png': [4_000, 4_000],
      '/b.png': [4_000, 4_000],
      '/c.png': [4_000, 4_000],
    });
    const show = artworkShower(platform);
    const apply = vi.fn();
    show('/a.png', apply);
    await vi.waitFor(() => expect(apply).toHaveBeenCalledTimes(1));
    show('/b.png', apply);
    show('/c.png', apply);
    await vi.waitFor(() => expect(revoked).toHaveLength(2));
    expect(apply).toHaveBeenCalledTimes(2);
    expect(apply).toHaveBeenLastCalledWith([
      { src: 'blob:cover-3', sizes: '512x512', type: 'image/png' },
    ]);
    expect(revoked.sort()).toEqual(['blob:cover-1', 'blob:cover-2']);
  });
});
