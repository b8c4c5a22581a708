/** The lengths of a focus session's phases, in whole minutes. */
export interface FocusPlan {
  focus: number;
  break: number;
  /** The break after every 4th block of focus. */
  longBreak: number;
}

export type FocusPhase = 'focus' | 'break';

/** The long break comes after this many blocks of focus. */
export const LONG_BREAK_EVERY = 4;

/** The plans the Focus card offers first: 25 / 5, 50 / 10, 90 / 20. */
export const FOCUS_PRESETS: readonly FocusPlan[] = [
  { focus: 25, break: 5, longBreak: 15 },
  { focus: 50, break: 10, longBreak: 20 },
  { focus: 90, break: 20, longBreak: 30 },
];

/** What a custom length may be, in whole minutes, for each phase. */
export const PHASE_MINUTES = { min: 1, max: 180 } as const;

/** Whether a plan's phases are whole minutes within PHASE_MINUTES. */
export function isValidPlan(plan: FocusPlan): boolean {
  return [plan.focus, plan.break, plan.longBreak].every(
    (minutes) =>
      Number.isInteger(minutes) && minutes >= PHASE_MINUTES.min && minutes <= PHASE_MINUTES.max,
  );
}

/**
 * A focus session as the shell runs it (contract 1.4): the phase that runs now and its
 * wall-clock deadline, never a tick, so a view counts down on its own clock between the
 * shell's changes (a new phase, a pause, a skip).
 */
export interface FocusState {
  plan: FocusPlan;
  /** The block of focus, from 1; a break belongs to the block before it. */
  block: number;
  phase: FocusPhase;
  /** A break after the 4th, 8th, … block. */
  long: boolean;
  /** When the phase ends (ms since the epoch, `Date.now()` time) while it runs; null while paused. */
  endsAt: number | null;
  /** What is left of a paused phase, in ms. */
  leftMs: number;
}

/** What is left of the phase at `now`, in ms. */
export function focusLeftMs(state: FocusState, now: number): number {
  return state.endsAt === null ? state.leftMs : Math.max(0, state.endsAt - now);
}

/** The time left as `mm:ss` (minutes past 59 stay minutes), whole seconds rounded up. */
export function formatFocusLeft(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
