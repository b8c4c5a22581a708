import path from 'node:path';
import {
  between,
  clouds,
  createRandom,
  glowGradient,
  HEIGHT,
  hills,
  n,
  rangePath,
  specks,
  svgDocument,
  verticalGradient,
  WIDTH,
} from './svg';
import type { Random } from './svg';
import { THEME_TYPES } from '@loofi/contracts';
import type { ThemeType } from '@loofi/contracts';

/** The themes that have a backdrop: every one but Default (SPEC §3: its image is false). */
export type BackdropName = Exclude<ThemeType, 'Default'>;

export const BACKDROP_NAMES = THEME_TYPES.filter(
  (type): type is BackdropName => type !== 'Default',
);

/** Where the Settings remote imports the backdrops from. */
export const BACKDROP_DIR = path.resolve(import.meta.dirname, '../src/features/themes/images');

/** The file of each backdrop, in the Settings remote's `src/features/themes/images/`. */
export const BACKDROP_FILES: Record<BackdropName, string> = {
  Nature: 'nature.svg',
  Sunset: 'sunset.svg',
  'Green Grass': 'green-grass.svg',
  Mountain: 'mountain.svg',
  River: 'river.svg',
  Dandelion: 'dandelion.svg',
  Forest: 'forest.svg',
};

const sun = (cx: number, cy: number, r: number, color: string, glow: string) =>
  `<circle cx="${cx}" cy="${cy}" r="${r * 3}" fill="url(#${glow})"/><circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}"/>`;

/** Round-crowned trees standing on a line, each a trunk and three overlapping discs. */
function roundTrees(random: Random, count: number, baseY: number, scale: number, fill: string) {
  let shapes = '';
  for (let tree = 0; tree < count; tree++) {
    const x = between(random, 40, WIDTH - 40);
    const y = baseY + between(random, -12, 12);
    const size = scale * between(random, 0.8, 1.2);
    shapes += `<rect x="${n(x - size * 0.08)}" y="${n(y - size)}" width="${n(size * 0.16)}" height="${n(size)}"/>`;
    shapes += `<circle cx="${n(x)}" cy="${n(y - size * 1.25)}" r="${n(size * 0.55)}"/>`;
    shapes += `<circle cx="${n(x - size * 0.35)}" cy="${n(y - size * 0.95)}" r="${n(size * 0.42)}"/>`;
    shapes += `<circle cx="${n(x + size * 0.35)}" cy="${n(y - size * 0.95)}" r="${n(size * 0.42)}"/>`;
  }
  return `<g fill="${fill}">${shapes}</g>`;
}

/** A row of pines: stacked triangles on a short trunk, filling the width. */
function pines(
  random: Random,
  options: { baseY: number; height: number; spacing: number; fill: string },
) {
  let path = '';
  for (let x = -options.spacing / 2; x < WIDTH + options.spacing; x += options.spacing) {
    const cx = x + between(random, -options.spacing * 0.3, options.spacing * 0.3);
    const height = options.height * between(random, 0.75, 1.25);
    const base = options.baseY + between(random, -10, 10);
    const width = height * 0.42;
    for (let tier = 0; tier < 3; tier++) {
      const top = base - height + tier * height * 0.22;
      const bottom = base - height * 0.12 - (2 - tier) * height * 0.18;
      const half = (width / 2) * (0.6 + tier * 0.2);
      path += `M${n(cx)} ${n(top)}L${n(cx + half)} ${n(bottom)}H${n(cx - half)}Z`;
    }
    path += `M${n(cx - width * 0.05)} ${n(base - height * 0.14)}h${n(width * 0.1)}V${n(base)}h${n(-width * 0.1)}Z`;
  }
  return `<path d="${path}V${HEIGHT}" fill="${options.fill}"/><rect y="${options.baseY}" width="${WIDTH}" height="${HEIGHT - options.baseY}" fill="${options.fill}"/>`;
}

/** Blades of grass in a few shades, one path per shade, rising from the bottom edge. */
function grass(
  random: Random,
  options: { count: number; top: number; shades: readonly string[] },
): string {
  const paths = options.shades.map(() => '');
  for (let blade = 0; blade < options.count; blade++) {
    const x = between(random, -20, WIDTH + 20);
    const tipY = between(random, options.top, options.top + 260);
    const lean = between(random, -90, 90);
    const width = between(random, 6, 14);
    const bend = between(random, 0.3, 0.6);
    const shade = Math.floor(random() * paths.length);
    const midY = HEIGHT - (HEIGHT - tipY) * bend;
    paths[shade] +=
      `M${n(x)} ${HEIGHT}Q${n(x + lean * 0.2)} ${n(midY)} ${n(x + lean)} ${n(tipY)}` +
      `Q${n(x + lean * 0.2 + width)} ${n(midY)} ${n(x + width)} ${HEIGHT}Z`;
  }
  return paths.map((d, index) => `<path d="${d}" fill="${options.shades[index]}"/>`).join('');
}

/** A dandelion clock: a stem, and seeds radiating from its head, each with a tiny tuft. */
function dandelion(random: Random, cx: number, cy: number, radius: number): string {
  const stemBase = HEIGHT + 20;
  const sway = between(random, -80, 80);
  let seeds = '';
  let tufts = '';
  const count = Math.round(radius * 0.9);
  for (let seed = 0; seed < count; seed++) {
    const angle = (seed / count) * Math.PI * 2 + between(random, -0.05, 0.05);
    const length = radius * between(random, 0.85, 1);
    const x = cx + Math.cos(angle) * length;
    const y = cy + Math.sin(angle) * length;
    seeds += `M${n(cx)} ${n(cy)}L${n(x)} ${n(y)}`;
    tufts += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(radius * 0.05)}"/>`;
  }
  return (
    `<path d="M${n(cx)} ${n(cy)}Q${n(cx + sway)} ${n((cy + stemBase) / 2)} ${n(cx + sway / 2)} ${stemBase}" stroke="#6f8f5a" stroke-width="${n(radius * 0.06)}" fill="none"/>` +
    `<path d="${seeds}" stroke="#f4f1e6" stroke-width="1.5" opacity=".8"/>` +
    `<g fill="#fffdf4" opacity=".9">${tufts}</g>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius * 0.09)}" fill="#c9b88a"/>`
  );
}

/** Single seeds adrift on the wind: a short stalk and a fan of hairs. */
function driftingSeeds(random: Random, count: number): string {
  let path = '';
  for (let seed = 0; seed < count; seed++) {
    const x = between(random, 0, WIDTH);
    const y = between(random, 80, HEIGHT * 0.7);
    const size = between(random, 10, 22);
    const tilt = between(random, -0.6, 0.6);
    const tipX = x + Math.sin(tilt) * size;
    const tipY = y - Math.cos(tilt) * size;
    path += `M${n(x)} ${n(y)}L${n(tipX)} ${n(tipY)}`;
    for (let hair = -2; hair <= 2; hair++) {
      const angle = tilt + hair * 0.35;
      path += `M${n(tipX)} ${n(tipY)}l${n(Math.sin(angle) * size * 0.6)} ${n(-Math.cos(angle) * size * 0.6)}`;
    }
  }
  return `<path d="${path}" stroke="#fffdf4" stroke-width="1.2" stroke-linecap="round" opacity=".75"/>`;
}

function nature(): string {
  const random = createRandom(11);
  return svgDocument(
    'Nature: green hills and round trees under a summer sky',
    [
      verticalGradient('sky', [
        [0, '#7fb7e6'],
        [0.6, '#cfe6f2'],
      ]),
      glowGradient('glow', '#fff6c9'),
    ],
    [
      `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>`,
      sun(1480, 220, 80, '#fff3b8', 'glow'),
      clouds(random, { count: 6, top: 120, bottom: 380, fill: '#ffffff', opacity: 0.85 }),
      hills(random, { top: 520, bottom: 640, segments: 5, fill: '#8fbf7a' }),
      roundTrees(random, 9, 650, 70, '#5c8f4f'),
      hills(random, { top: 700, bottom: 790, segments: 4, fill: '#6fa45c' }),
      roundTrees(random, 5, 840, 120, '#3f7440'),
      hills(random, { top: 880, bottom: 960, segments: 3, fill: '#4c8a45' }),
    ],
  );
}

function sunset(): string {
  const random = createRandom(23);
  // Bands cut through the low sun, as on an old poster of a sunset.
  let bands = '';
  for (let band = 0; band < 6; band++) {
    bands += `<rect y="${560 + band * 22}" width="${WIDTH}" height="${4 + band * 3}" fill="url(#sky)"/>`;
  }
  let glints = '';
  for (let glint = 0; glint < 18; glint++) {
    const y = 820 + glint * 14;
    const half = 140 - glint * 5 + between(random, -20, 20);
    glints += `<rect x="${n(960 - half)}" y="${y}" width="${n(half * 2)}" height="4" rx="2"/>`;
  }
  return svgDocument(
    'Sunset: a low sun in bands over dark hills and the sea',
    [
      verticalGradient('sky', [
        [0, '#2d1b4e'],
        [0.35, '#8a3b6b'],
        [0.62, '#f07a4a'],
        [0.78, '#ffc46b'],
      ]),
      verticalGradient(
        'sea',
        [
          [0, '#6b3457'],
          [1, '#1f1430'],
        ],
        800,
        HEIGHT,
      ),
      glowGradient('glow', '#ffd08a', 0.7),
    ],
    [
      `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>`,
      specks(random, { count: 40, top: 20, bottom: 300, fill: '#ffe9f1', opacity: 0.6 }),
      sun(960, 640, 190, '#ffb25c', 'glow'),
      bands,
      `<path d="${rangePath(random, { peaks: 4, peakTop: 560, peakBottom: 680, saddle: 790 })}" fill="#4a2148"/>`,
      `<rect y="800" width="${WIDTH}" height="${HEIGHT - 800}" fill="url(#sea)"/>`,
      `<g fill="#ffb25c" opacity=".55">${glints}</g>`,
      hills(random, { top: 930, bottom: 1000, segments: 3, fill: '#1a0f24' }),
    ],
  );
}

function greenGrass(): string {
  const random = createRandom(37);
  return svgDocument(
    'Green Grass: a meadow seen from among the blades',
    [
      verticalGradient('sky', [
        [0, '#9fd3f0'],
        [0.7, '#e9f7f0'],
      ]),
      glowGradient('glow', '#fffbe0', 0.8),
    ],
    [
      `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>`,
      sun(420, 200, 70, '#fffbe0', 'glow'),
      clouds(random, { count: 4, top: 120, bottom: 300, fill: '#ffffff', opacity: 0.7 }),
      hills(random, { top: 560, bottom: 640, segments: 4, fill: '#a8d68c' }),
      grass(random, { count: 260, top: 540, shades: ['#7cbf5a', '#8fcd68', '#6aae4c'] }),
      grass(random, { count: 220, top: 700, shades: ['#4f9a3c', '#5fae45', '#3f8a34'] }),
    ],
  );
}

function mountain(): string {
  const random = createRandom(41);
  const far = rangePath(random, { peaks: 3, peakTop: 150, peakBottom: 300, saddle: 620 });
  const near = rangePath(random, { peaks: 4, peakTop: 420, peakBottom: 540, saddle: 780 });
  // The snow is a wavy band clipped by the far range, so it only ever lies on rock.
  let snowline = `M0 0H${WIDTH}V360`;
  for (let x = WIDTH; x >= 0; x -= 120) snowline += `L${x} ${n(between(random, 330, 420))}`;
  return svgDocument(
    'Mountain: snow-capped peaks above blue ridges',
    [
      verticalGradient('sky', [
        [0, '#a9c6e8'],
        [0.6, '#eef3f8'],
      ]),
      verticalGradient(
        'haze',
        [
          [0, '#eef3f8', 0],
          [1, '#eef3f8', 0.7],
        ],
        500,
        820,
      ),
      `<clipPath id="rock"><path d="${far}"/></clipPath>`,
    ],
    [
      `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>`,
      clouds(random, { count: 3, top: 140, bottom: 260, fill: '#ffffff', opacity: 0.6 }),
      `<path d="${far}" fill="#6f86a6"/>`,
      `<path d="${snowline}Z" fill="#f7fafc" clip-path="url(#rock)"/>`,
      `<rect y="500" width="${WIDTH}" height="320" fill="url(#haze)"/>`,
      `<path d="${near}" fill="#4d6486"/>`,
      hills(random, { top: 820, bottom: 880, segments: 4, fill: '#364a68' }),
      hills(random, { top: 930, bottom: 990, segments: 3, fill: '#26354d' }),
    ],
  );
}

function river(): string {
  const random = createRandom(53);
  // The river narrows towards the horizon and bends twice on its way to the viewer.
  const water =
    'M930 600C900 660 1060 700 1000 760C920 840 700 880 640 980L560 1080H1420' +
    'C1300 980 1200 900 1160 820C1120 740 1010 680 990 600Z';
  let ripples = '';
  for (let ripple = 0; ripple < 26; ripple++) {
    const y = between(random, 640, 1060);
    const spread = (y - 600) * 0.6;
    const x = 980 + between(random, -spread, spread) * 0.6;
    ripples += `<rect x="${n(x)}" y="${n(y)}" width="${n(between(random, 20, 60))}" height="3" rx="1.5"/>`;
  }
  return svgDocument(
    'River: a river winding through a green valley at morning',
    [
      verticalGradient('sky', [
        [0, '#8ec5e8'],
        [0.55, '#f3e9d2'],
      ]),
      verticalGradient(
        'water',
        [
          [0, '#d9eef7'],
          [1, '#4f8fb8'],
        ],
        600,
        HEIGHT,
      ),
      glowGradient('glow', '#fff1c4', 0.7),
    ],
    [
      `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>`,
      sun(960, 470, 60, '#fff1c4', 'glow'),
      clouds(random, { count: 5, top: 100, bottom: 320, fill: '#ffffff', opacity: 0.75 }),
      `<path d="${rangePath(random, { peaks: 5, peakTop: 420, peakBottom: 520, saddle: 610 })}" fill="#8aa9b8"/>`,
      hills(random, { top: 590, bottom: 640, segments: 6, fill: '#7fae6e' }),
      `<path d="${water}" fill="url(#water)"/>`,
      `<g fill="#ffffff" opacity=".6">${ripples}</g>`,
      `<path d="M0 760C300 720 520 800 700 880C620 960 580 1020 560 1080H0Z" fill="#5d9450"/>`,
      `<path d="M1920 700C1600 700 1300 760 1180 840C1240 920 1320 1000 1420 1080H1920Z" fill="#4f8645"/>`,
      roundTrees(random, 3, 860, 90, '#3d6e3a'),
    ],
  );
}

function dandelionField(): string {
  const random = createRandom(67);
  return svgDocument(
    'Dandelion: seed heads and drifting seeds in the evening light',
    [
      verticalGradient('sky', [
        [0, '#5b6fa8'],
        [0.5, '#c9a3c4'],
        [0.85, '#f6d6b0'],
      ]),
      glowGradient('glow', '#fff0d0', 0.6),
    ],
    [
      `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>`,
      sun(1500, 700, 110, '#ffe8c2', 'glow'),
      hills(random, { top: 780, bottom: 860, segments: 4, fill: '#6c7f6a' }),
      driftingSeeds(random, 45),
      dandelion(random, 520, 520, 120),
      dandelion(random, 1180, 420, 150),
      dandelion(random, 1620, 640, 90),
      grass(random, { count: 160, top: 860, shades: ['#4f6b4c', '#5b7a55', '#435e42'] }),
    ],
  );
}

function forest(): string {
  const random = createRandom(79);
  const mist = (id: string, top: number, bottom: number) =>
    verticalGradient(
      id,
      [
        [0, '#cfe0d4', 0],
        [1, '#cfe0d4', 0.55],
      ],
      top,
      bottom,
    );
  return svgDocument(
    'Forest: rows of pines fading into the morning mist',
    [
      verticalGradient('sky', [
        [0, '#9fc3b5'],
        [0.6, '#e4eee6'],
      ]),
      mist('mist1', 380, 640),
      mist('mist2', 560, 820),
      glowGradient('glow', '#fdf8e4', 0.6),
    ],
    [
      `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>`,
      sun(1320, 260, 70, '#fdf8e4', 'glow'),
      pines(random, { baseY: 640, height: 220, spacing: 70, fill: '#7fa596' }),
      `<rect y="380" width="${WIDTH}" height="${HEIGHT - 380}" fill="url(#mist1)"/>`,
      pines(random, { baseY: 820, height: 320, spacing: 110, fill: '#4f7a67' }),
      `<rect y="560" width="${WIDTH}" height="${HEIGHT - 560}" fill="url(#mist2)"/>`,
      pines(random, { baseY: 1080, height: 520, spacing: 190, fill: '#24463a' }),
    ],
  );
}

const DRAW: Record<BackdropName, () => string> = {
  Nature: nature,
  Sunset: sunset,
  'Green Grass': greenGrass,
  Mountain: mountain,
  River: river,
  Dandelion: dandelionField,
  Forest: forest,
};

/** The SVG text of a theme's backdrop; the same bytes on every run. */
export function drawBackdrop(name: BackdropName): string {
  return DRAW[name]();
}
