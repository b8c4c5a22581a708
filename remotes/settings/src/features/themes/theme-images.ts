import type { ThemeType } from '@loofi/contracts';
import dandelion from './images/dandelion.svg';
import forest from './images/forest.svg';
import greenGrass from './images/green-grass.svg';
import mountain from './images/mountain.svg';
import nature from './images/nature.svg';
import river from './images/river.svg';
import sunset from './images/sunset.svg';

/** The themes that have a backdrop image: every one but Default. */
export type BackdropTheme = Exclude<ThemeType, 'Default'>;

export type ThemeImages = Readonly<Record<BackdropTheme, string>>;

/**
 * This build's backdrop URLs. The files are content-hashed and served by the Settings remote
 * (its public path is worked out from where it was loaded), so each URL is absolute on the
 * remote's own origin and the host can draw it as a CSS background.
 */
export const THEME_IMAGES: ThemeImages = {
  Nature: nature,
  Sunset: sunset,
  'Green Grass': greenGrass,
  Mountain: mountain,
  River: river,
  Dandelion: dandelion,
  Forest: forest,
};
