import { describe, expect, it } from 'vitest';
import type { ThemeImages } from './theme-images';
import { refreshedTheme, themeOf } from './theme-urls';

const images: ThemeImages = {
  Nature: 'https://settings.example/static/media/nature.1111aaaa.svg',
  Sunset: 'https://settings.example/static/media/sunset.2222bbbb.svg',
  'Green Grass': 'https://settings.example/static/media/green-grass.3333cccc.svg',
  Mountain: 'https://settings.example/static/media/mountain.4444dddd.svg',
  River: 'https://settings.example/static/media/river.5555eeee.svg',
  Dandelion: 'https://settings.example/static/media/dandelion.6666ffff.svg',
  Forest: 'https://settings.example/static/media/forest.77770000.svg',
};

describe('themeOf', () => {
  it('gives a theme this build’s image, and Default none', () => {
    expect(themeOf('River', images)).toEqual({ type: 'River', image: images.River });
    expect(themeOf('Default', images)).toEqual({ type: 'Default', image: false });
  });
});

describe('refreshedTheme', () => {
  it('moves a theme stored by an earlier release to this build’s file', () => {
    const stored = {
      type: 'Forest' as const,
      url: 'https://settings.example/static/media/forest.0ld0ld00.svg',
    };
    expect(refreshedTheme({ type: stored.type, image: stored.url }, images)).toEqual({
      type: 'Forest',
      image: images.Forest,
    });
  });

  it('also moves a theme stored while the remote was served from another origin', () => {
    expect(
      refreshedTheme({ type: 'Sunset', image: 'http://localhost:3003/sunset.svg' }, images),
    ).toEqual({ type: 'Sunset', image: images.Sunset });
  });

  it('leaves a current theme, and Default, alone', () => {
    expect(refreshedTheme({ type: 'Mountain', image: images.Mountain }, images)).toBeNull();
    expect(refreshedTheme({ type: 'Default', image: false }, images)).toBeNull();
  });
});
