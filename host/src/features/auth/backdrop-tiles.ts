/** SPEC §2, §9: the sign-in backdrop has 79 tiles, each faded to an opacity in [0.025, 0.075]. */
export const TILE_COUNT = 79;
export const TILE_OPACITY = { min: 0.025, max: 0.075 } as const;

export function tileOpacities(random: () => number = Math.random, count = TILE_COUNT): number[] {
  return Array.from(
    { length: count },
    () => TILE_OPACITY.min + random() * (TILE_OPACITY.max - TILE_OPACITY.min),
  );
}
