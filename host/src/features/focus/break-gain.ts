import { BehaviorSubject } from 'rxjs';

/** 'Lower the music': a focus break brings the music down by 12 dB. */
export const BREAK_GAIN = 10 ** (-12 / 20);

/** How long the music takes to go down at a break, and back up when it ends. */
export const BREAK_RAMP_MS = 2000;

/**
 * The level a focus break sets the music to: 1, or BREAK_GAIN while a break lowers it
 * (break-policy.ts). Host-internal, for what plays beside the music (the ambience) to follow
 * over BREAK_RAMP_MS; the player's own level is ramped by the policy itself.
 */
export const breakGain$ = new BehaviorSubject<number>(1);
