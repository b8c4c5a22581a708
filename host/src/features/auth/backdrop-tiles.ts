import { createRandom } from '@loofi/ui/random';

/** SPEC §2, §9: the sign-in backdrop has 79 tiles, each faded to an opacity in [0.025, 0.075]. */
export const TILE_COUNT = 79;
const TILE_OPACITY = { min: 0.025, max: 0.075 } as const;

/**
 * The attribute that carries the tiles' seed in the prerendered page, so the app takes the
 * page over with the very same tiles instead of repainting them.
 */
export const TILE_SEED_ATTRIBUTE = 'data-tile-seed';

export function tileOpacities(random: () => number = Math.random, count = TILE_COUNT): number[] {
  return Array.from(
    { length: count },
    () => TILE_OPACITY.min + random() * (TILE_OPACITY.max - TILE_OPACITY.min),
  );
}

/** A fresh random seed for a page that was not prerendered. */
export const randomTileSeed = () => Math.floor(Math.random() * 2 ** 32);

/** The opacities a seed stands for: the prerender and the browser draw the same tiles. */
export const seededTileOpacities = (seed: number) => tileOpacities(createRandom(seed));

/** The seed the prerendered page was drawn with, if this page was prerendered. */
export function prerenderedTileSeed(root: ParentNode = document): number | null {
  const value = root.querySelector(`[${TILE_SEED_ATTRIBUTE}]`)?.getAttribute(TILE_SEED_ATTRIBUTE);
  const seed = value === null || value === undefined ? NaN : Number(value);
  return Number.isInteger(seed) && seed >= 0 ? seed : null;
}
