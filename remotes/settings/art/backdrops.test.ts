import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKDROP_DIR, BACKDROP_FILES, BACKDROP_NAMES, drawBackdrop } from './backdrops';

/** The budget of one backdrop image. */
const MAX_BYTES = 150 * 1024;

describe('the theme backdrops', () => {
  it('exist for every theme but Default, in the order of the Settings tab', () => {
    expect(BACKDROP_NAMES).toEqual([
      'Nature',
      'Sunset',
      'Green Grass',
      'Mountain',
      'River',
      'Dandelion',
      'Forest',
    ]);
  });

  it.each(BACKDROP_NAMES)(
    '%s is committed exactly as the generator draws it, within the size budget',
    async (name) => {
      const committed = await readFile(path.join(BACKDROP_DIR, BACKDROP_FILES[name]), 'utf8');
      expect(committed, 'run `pnpm --filter @loofi/settings draw:backdrops`').toBe(
        drawBackdrop(name),
      );
      expect(Buffer.byteLength(committed)).toBeLessThanOrEqual(MAX_BYTES);
    },
  );

  it.each(BACKDROP_NAMES)('%s is a standalone SVG with a size of its own and a title', (name) => {
    const svg = drawBackdrop(name);
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 1920 1080" width="1920" height="1080"/,
    );
    expect(svg).toContain(`<title>${name}: `);
    // Self-contained: no external reference a CSP or a move could break.
    expect(svg).not.toMatch(/href=|url\((?!#)/);
  });
});
