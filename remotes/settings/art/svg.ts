// The same seeded generator as the demo library's, so drawing again is byte-identical.
import { createRandom } from '@loofi/ui/random';
import type { Random } from '@loofi/ui/random';

export { createRandom };
export type { Random };

/** A number in [low, high) drawn from `random`. */
export const between = (random: Random, low: number, high: number) => low + (high - low) * random();

/** Coordinates to one decimal: finer than any screen shows, and a third of the bytes. */
export const n = (value: number) => String(Math.round(value * 10) / 10);

export const WIDTH = 1920;
export const HEIGHT = 1080;

/** A vertical gradient in user space, so every shape filled with it lines up with the sky. */
export function verticalGradient(
  id: string,
  stops: readonly (readonly [offset: number, color: string, opacity?: number])[],
  top = 0,
  bottom = HEIGHT,
): string {
  const body = stops
    .map(
      ([offset, color, opacity]) =>
        `<stop offset="${offset}" stop-color="${color}"${opacity === undefined ? '' : ` stop-opacity="${opacity}"`}/>`,
    )
    .join('');
  return `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="0" y1="${top}" x2="0" y2="${bottom}">${body}</linearGradient>`;
}

/** A soft glow that fades out from `color` at its centre. */
export function glowGradient(id: string, color: string, strength = 0.55): string {
  return `<radialGradient id="${id}"><stop offset=".25" stop-color="${color}" stop-opacity="${strength}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
}

/**
 * A ridge of rolling hills across the picture, filled down to the bottom edge: smooth
 * cubic joints, each crest drawn between `top` and `bottom`.
 */
export function hills(
  random: Random,
  options: { top: number; bottom: number; segments: number; fill: string },
): string {
  const { top, bottom, segments, fill } = options;
  const step = WIDTH / segments;
  const half = step / 2;
  const y = () => between(random, top, bottom);
  const start = y();
  const second = y();
  let path = `M0 ${n(start)}C${n(half)} ${n(start)} ${n(half)} ${n(second)} ${n(step)} ${n(second)}`;
  for (let segment = 2; segment <= segments; segment++) {
    const x = segment * step;
    const crest = y();
    path += `S${n(x - half)} ${n(crest)} ${n(x)} ${n(crest)}`;
  }
  return `<path d="${path}V${HEIGHT}H0Z" fill="${fill}"/>`;
}

/** A jagged mountain range: straight flanks between random peaks and saddles. */
export function rangePath(
  random: Random,
  options: { peaks: number; peakTop: number; peakBottom: number; saddle: number },
): string {
  const { peaks, peakTop, peakBottom, saddle } = options;
  const step = WIDTH / peaks;
  let path = `M-40 ${n(between(random, saddle - 60, saddle))}`;
  for (let peak = 0; peak < peaks; peak++) {
    const left = peak * step;
    const x = left + between(random, step * 0.3, step * 0.7);
    // A shoulder on the way up makes a peak read as rock rather than a tent.
    const shoulderX = (left + x) / 2;
    const top = between(random, peakTop, peakBottom);
    path += `L${n(shoulderX)} ${n(between(random, top + 40, saddle - 40))}`;
    path += `L${n(x)} ${n(top)}`;
    path += `L${n(left + step)} ${n(between(random, saddle - 80, saddle))}`;
  }
  return `${path}L${WIDTH + 40} ${n(saddle)}V${HEIGHT}H-40Z`;
}

/** Puffy clouds, each a handful of overlapping ellipses. */
export function clouds(
  random: Random,
  options: { count: number; top: number; bottom: number; fill: string; opacity: number },
): string {
  let shapes = '';
  for (let cloud = 0; cloud < options.count; cloud++) {
    const cx = between(random, 0, WIDTH);
    const cy = between(random, options.top, options.bottom);
    const size = between(random, 50, 110);
    for (let puff = 0; puff < 5; puff++) {
      const dx = (puff - 2) * size * 0.7 + between(random, -10, 10);
      const rx = size * (puff === 2 ? 1.1 : between(random, 0.6, 0.9));
      shapes += `<ellipse cx="${n(cx + dx)}" cy="${n(cy - (puff === 2 ? size * 0.25 : 0))}" rx="${n(rx)}" ry="${n(rx * 0.55)}"/>`;
    }
  }
  return `<g fill="${options.fill}" opacity="${options.opacity}">${shapes}</g>`;
}

/** Tiny dots of light across the upper sky. */
export function specks(
  random: Random,
  options: { count: number; top: number; bottom: number; fill: string; opacity: number },
): string {
  let dots = '';
  for (let speck = 0; speck < options.count; speck++) {
    dots += `<circle cx="${n(between(random, 0, WIDTH))}" cy="${n(between(random, options.top, options.bottom))}" r="${n(between(random, 1, 3))}"/>`;
  }
  return `<g fill="${options.fill}" opacity="${options.opacity}">${dots}</g>`;
}

/** The whole file: an SVG with a fixed intrinsic size, so CSS `cover` scales it like a photo. */
export function svgDocument(title: string, defs: readonly string[], body: readonly string[]) {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" preserveAspectRatio="xMidYMid slice">`,
    `<title>${title}</title>`,
    `<defs>${defs.join('')}</defs>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}
