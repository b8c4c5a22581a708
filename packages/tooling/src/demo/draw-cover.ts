import type { DemoTrack } from '@loofi/backend/local/demo';
import { streamOf } from '@loofi/ui/random';
import type { Random } from '@loofi/ui/random';

const SIZE = 512;
const MARGIN = 32;
const COVER_PART = 101;
const FONT_STACK = "ui-rounded, 'SF Pro Rounded', 'Segoe UI', system-ui, sans-serif";
/** Roughly how wide a bold glyph of the font stack is, as a fraction of the font size. */
const GLYPH_WIDTH = 0.62;
const TITLE_SIZE = 40;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Safe both as text and inside a double- or single-quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);
}

function between(random: Random, low: number, high: number): number {
  return Math.round(low + (high - low) * random());
}

/**
 * A ridge of hills across the cover: cubic curves that leave and reach every crest level,
 * so joints are smooth and the line never overshoots the band it was given.
 */
function ridge(random: Random, low: number, high: number, color: string): string {
  const segments = 4;
  const half = SIZE / segments / 2;
  const start = between(random, low, high);
  const next = between(random, low, high);
  let path = `M0 ${start}C${half} ${start} ${half} ${next} ${2 * half} ${next}`;
  for (let segment = 2; segment <= segments; segment++) {
    const x = segment * 2 * half;
    const y = between(random, low, high);
    path += `S${x - half} ${y} ${x} ${y}`;
  }
  return `<path d="${path}V${SIZE}H0Z" fill="${color}"/>`;
}

function stars(random: Random, count: number, color: string): string {
  let out = '';
  for (let star = 0; star < count; star++) {
    const radius = random() < 0.2 ? 2 : 1;
    out += `<circle cx="${between(random, 8, SIZE - 8)}" cy="${between(random, 8, 300)}" r="${radius}"/>`;
  }
  return `<g fill="${color}" opacity=".8">${out}</g>`;
}

function rain(random: Random, count: number, color: string): string {
  let path = '';
  for (let drop = 0; drop < count; drop++) {
    const x = between(random, -40, SIZE);
    const y = between(random, -20, SIZE - 40);
    const length = between(random, 18, 42);
    path += `M${x} ${y}l${Math.round(length / 4)} ${length}`;
  }
  return `<path d="${path}" stroke="${color}" stroke-width="2" stroke-linecap="round" opacity=".35"/>`;
}

/** What hangs in the sky of each scene, drawn before the hills so they can hide part of it. */
function sky(track: DemoTrack, random: Random): string {
  const { palette } = track;
  const halo = (cx: number, cy: number, r: number) =>
    `<circle cx="${cx}" cy="${cy}" r="${r * 2.4}" fill="url(#h)"/><circle cx="${cx}" cy="${cy}" r="${r}" fill="${palette.glow}"/>`;
  switch (track.scene) {
    case 'sun':
      return halo(between(random, 180, 330), 200, 72);
    case 'dusk': {
      // A low sun cut by bands of sky, the stripes of an old sunset poster.
      let bands = '';
      for (let band = 0; band < 4; band++) {
        bands += `<rect x="0" y="${300 + band * 14}" width="${SIZE}" height="${3 + band * 2}" fill="url(#s)"/>`;
      }
      return halo(256, 300, 96) + bands;
    }
    case 'moon': {
      const cx = between(random, 300, 400);
      // A crescent: the moon's disc less an offset one, cut out by a mask so the halo
      // behind still shows through the dark part.
      return `${stars(random, 28, palette.glow)}<mask id="m"><rect width="${SIZE}" height="${SIZE}" fill="#fff"/><circle cx="${cx + 20}" cy="118" r="42"/></mask><circle cx="${cx}" cy="130" r="110" fill="url(#h)"/><circle cx="${cx}" cy="130" r="46" fill="${palette.glow}" mask="url(#m)"/>`;
    }
    case 'rain':
      return `${halo(between(random, 120, 220), 150, 40)}<g fill="${palette.farHills}" opacity=".9"><ellipse cx="200" cy="170" rx="150" ry="40"/><ellipse cx="330" cy="140" rx="120" ry="46"/></g>`;
  }
}

/**
 * A small, deterministic SVG cover for a demo track: a gradient sky, the sun or the moon,
 * two ridges of hills and the title over the nearer one. The palette decides the mood and
 * the track's seed the shape of the hills, so every cover is different and every build
 * draws the same ones.
 */
export function drawCover(track: DemoTrack): string {
  const random = streamOf(track.seed, COVER_PART);
  const { palette } = track;
  const titleSize = Math.min(
    TITLE_SIZE,
    Math.floor((SIZE - 2 * MARGIN) / (track.title.length * GLYPH_WIDTH)),
  );
  const label = escapeXml(`${track.title} by ${track.author}`);

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}" role="img" aria-label="${label}">`,
    '<defs>',
    // In user space, so any shape filled with the sky matches the sky behind it.
    `<linearGradient id="s" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="0" y2="${SIZE}"><stop offset="0" stop-color="${palette.skyTop}"/><stop offset="1" stop-color="${palette.skyBottom}"/></linearGradient>`,
    `<radialGradient id="h"><stop offset=".4" stop-color="${palette.glow}" stop-opacity=".45"/><stop offset="1" stop-color="${palette.glow}" stop-opacity="0"/></radialGradient>`,
    '</defs>',
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#s)"/>`,
    sky(track, random),
    ridge(random, 290, 350, palette.farHills),
    // Rain falls behind the nearer hills, so it never crosses the title.
    track.scene === 'rain' ? rain(random, 36, palette.glow) : '',
    ridge(random, 360, 395, palette.nearHills),
    `<g fill="${palette.ink}" font-family="${FONT_STACK}">`,
    `<text x="${MARGIN}" y="452" font-size="${titleSize}" font-weight="700">${escapeXml(track.title)}</text>`,
    `<text x="${MARGIN}" y="484" font-size="20" opacity=".8">${escapeXml(track.author)}</text>`,
    '</g>',
    '</svg>',
    '',
  ].join('\n');
}
