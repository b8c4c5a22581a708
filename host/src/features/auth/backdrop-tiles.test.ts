import { describe, expect, it } from 'vitest';
import { TILE_COUNT, tileOpacities } from './backdrop-tiles';

describe('tileOpacities', () => {
  it('gives 79 opacities between 0.025 and 0.075', () => {
    const opacities = tileOpacities();
    expect(opacities).toHaveLength(TILE_COUNT);
    expect(TILE_COUNT).toBe(79);
    for (const opacity of opacities) {
      expect(opacity).toBeGreaterThanOrEqual(0.025);
      expect(opacity).toBeLessThanOrEqual(0.075);
    }
  });

  it('reaches both ends of the range', () => {
    expect(tileOpacities(() => 0, 1)).toEqual([0.025]);
    expect(tileOpacities(() => 1, 1)[0]).toBeCloseTo(0.075, 10);
  });
});
