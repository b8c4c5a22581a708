// Draws the theme backdrops into the Settings remote's sources: `pnpm --filter @loofi/settings draw:backdrops`.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BACKDROP_DIR, BACKDROP_FILES, BACKDROP_NAMES, drawBackdrop } from './backdrops';

for (const name of BACKDROP_NAMES) {
  const svg = drawBackdrop(name);
  await writeFile(path.join(BACKDROP_DIR, BACKDROP_FILES[name]), svg);
  console.log(`${BACKDROP_FILES[name]}: ${(Buffer.byteLength(svg) / 1024).toFixed(1)} KB`);
}
