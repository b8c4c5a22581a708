/** SPEC §9: how many tracks a Jamendo fetch asks for. */
export const TRACK_COUNT = { min: 1, max: 50, default: 20 } as const;

/**
 * SPEC §5: numeric, from 1 to 50, 20 when not a number. A fraction is cut to a whole
 * number and an out-of-range count is brought into range.
 */
export function normaliseTrackCount(value: string | number): number {
  const count = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
  if (Number.isNaN(count)) return TRACK_COUNT.default;
  return Math.min(TRACK_COUNT.max, Math.max(TRACK_COUNT.min, Math.trunc(count)));
}
