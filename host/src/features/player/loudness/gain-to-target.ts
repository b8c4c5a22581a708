// The playback gain from a measured loudness: the player's normaliser needs this alone, so
// it stays apart from the measuring (bs1770.ts), which loads with the meter.

/** The loudness playback brings every track to: EBU R128's streaming target (−14 LUFS). */
export const TARGET_LUFS = -14;
/**
 * The range of the playback gain. Cutting by up to 24 dB covers the loudest masters (about
 * −5 LUFS) with room to spare, yet a wrong measurement (a different file behind the same
 * URL) can never make a track close to inaudible. Boosting stops at 12 dB: a quieter
 * track is mostly quiet on purpose (an ambient piece, a long fade), a bigger lift raises
 * its noise floor with it, and without a limiter every dB of boost brings its peaks
 * closer to clipping.
 */
export const MIN_GAIN_DB = -24;
export const MAX_GAIN_DB = 12;

/**
 * The linear playback gain that brings a track measured at `lufs` to `target`, limited
 * to MIN_GAIN_DB…MAX_GAIN_DB (see there why). Anything not a number plays as mastered.
 */
export function gainToTarget(lufs: number, target = TARGET_LUFS): number {
  if (!Number.isFinite(lufs) || !Number.isFinite(target)) return 1;
  const db = Math.min(MAX_GAIN_DB, Math.max(MIN_GAIN_DB, target - lufs));
  return 10 ** (db / 20);
}
