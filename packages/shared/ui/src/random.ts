/** A random source: each call returns a number in [0, 1). */
export type Random = () => number;

/**
 * Mulberry32: tiny, fast, and the same sequence on every machine for a given seed, which
 * `Math.random` is not, so every build emits byte-identical demo assets.
 */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A stream of its own for each part of a track (keys, drums, crackle…), so a change to how
 * one part draws numbers leaves the others exactly as they were.
 */
export function streamOf(seed: number, part: number): Random {
  return createRandom(Math.imul(seed ^ 0x9e37_79b9, part * 2 + 1) ^ part);
}
