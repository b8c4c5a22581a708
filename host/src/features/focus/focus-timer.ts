/**
 * The focus timer's arithmetic: blocks of focus and breaks, a long break after every 4th
 * block. A running phase ends at a wall-clock deadline (`Date.now()` time), never after a
 * count of ticks, so a throttled or hidden tab, or a laptop closed for half an hour, finds
 * the right phase and the time left at once. Pure: the caller gives the time.
 */

import { isValidPlan, LONG_BREAK_EVERY } from '@loofi/contracts';
import type { FocusPhase, FocusPlan, FocusState } from '@loofi/contracts';

const MINUTE_MS = 60_000;

/**
 * A session: the plan, the block it is in (from 1), the phase, and either the deadline of a
 * running phase or what was left of a paused one.
 */
export interface FocusSession {
  plan: FocusPlan;
  block: number;
  phase: FocusPhase;
  /** When the running phase ends (ms since the epoch); null while paused. */
  endsAt: number | null;
  /** What is left of the phase while paused, in ms. */
  leftMs: number;
}

/** What the owner sees of a session at one moment. */
export interface FocusView {
  phase: FocusPhase;
  /** A break after the 4th, 8th, … block of focus. */
  long: boolean;
  block: number;
  leftMs: number;
  running: boolean;
}

/** A phase that ended and the one that began, for the chime and the break's hold on music. */
export interface PhaseChange {
  from: FocusPhase;
  to: FocusPhase;
  block: number;
}

const isLongBreak = (session: Pick<FocusSession, 'phase' | 'block'>) =>
  session.phase === 'break' && session.block % LONG_BREAK_EVERY === 0;

/** How long a phase of `session`'s plan lasts, in ms. */
export function phaseMs(session: Pick<FocusSession, 'plan' | 'phase' | 'block'>): number {
  const { plan } = session;
  const minutes =
    session.phase === 'focus' ? plan.focus : isLongBreak(session) ? plan.longBreak : plan.break;
  return minutes * MINUTE_MS;
}

/** A session's first block of focus, running from `now`. */
export function startFocus(plan: FocusPlan, now: number): FocusSession {
  if (!isValidPlan(plan)) throw new RangeError('A focus plan is whole minutes from 1 to 180');
  return { plan, block: 1, phase: 'focus', endsAt: now + plan.focus * MINUTE_MS, leftMs: 0 };
}

/** The phase after the one `session` is in, starting at `startsAt`. */
function nextPhase(session: FocusSession, startsAt: number): FocusSession {
  const next: FocusSession =
    session.phase === 'focus'
      ? { ...session, phase: 'break' }
      : { ...session, phase: 'focus', block: session.block + 1 };
  return { ...next, endsAt: startsAt + phaseMs(next), leftMs: 0 };
}

/** One round of focus and breaks, ending with the long break, in ms. */
const cycleMs = (plan: FocusPlan) =>
  (LONG_BREAK_EVERY * (plan.focus + plan.break) - plan.break + plan.longBreak) * MINUTE_MS;

/**
 * The session at `now`: each phase whose deadline has passed gives way to the next, which
 * starts at that deadline (not at `now`), so time away counts as it would have on screen.
 * The changes are the phases that began, oldest first; after a long absence, whole rounds
 * are skipped and only the last round's changes are listed.
 */
export function advance(
  session: FocusSession,
  now: number,
): { session: FocusSession; changes: PhaseChange[] } {
  let current = session;
  const changes: PhaseChange[] = [];
  if (current.endsAt === null) return { session: current, changes };
  // A clock set back leaves no more than the phase's length.
  if (current.endsAt - now > phaseMs(current))
    current = { ...current, endsAt: now + phaseMs(current) };
  const round = cycleMs(current.plan);
  // Whole rounds missed (a week away) are counted, not walked: a round starts at a focus
  // block after a long break, so it ends in the same phase and block of its round.
  if (current.endsAt !== null && now - current.endsAt > round) {
    const rounds = Math.floor((now - current.endsAt) / round);
    current = {
      ...current,
      block: current.block + rounds * LONG_BREAK_EVERY,
      endsAt: current.endsAt + rounds * round,
    };
  }
  while (current.endsAt !== null && current.endsAt <= now) {
    const next = nextPhase(current, current.endsAt);
    changes.push({ from: current.phase, to: next.phase, block: next.block });
    current = next;
  }
  return { session: current, changes };
}

/** The session paused at `now`, keeping what was left of its phase. */
export function pauseFocus(session: FocusSession, now: number): FocusSession {
  const { session: current } = advance(session, now);
  if (current.endsAt === null) return current;
  return { ...current, endsAt: null, leftMs: Math.max(0, current.endsAt - now) };
}

/** A paused session running again from `now`, with what was left. */
export function resumeFocus(session: FocusSession, now: number): FocusSession {
  if (session.endsAt !== null) return session;
  return { ...session, endsAt: now + session.leftMs, leftMs: 0 };
}

/** The next phase at once (a paused session's next phase is paused too, whole). */
export function skipPhase(session: FocusSession, now: number): FocusSession {
  const { session: current } = advance(session, now);
  const next = nextPhase(current, now);
  return current.endsAt === null ? { ...next, endsAt: null, leftMs: phaseMs(next) } : next;
}

/** The session at `now` as the shell publishes it: the phase that runs and its deadline. */
export function publishedFocus(session: FocusSession, now: number): FocusState {
  const { session: current } = advance(session, now);
  return { ...current, long: isLongBreak(current) };
}

/** What shows at `now`. */
export function viewAt(session: FocusSession, now: number): FocusView {
  const { session: current } = advance(session, now);
  return {
    phase: current.phase,
    long: isLongBreak(current),
    block: current.block,
    leftMs: current.endsAt === null ? current.leftMs : Math.max(0, current.endsAt - now),
    running: current.endsAt !== null,
  };
}

/** A session read back from storage or the backend; anything malformed is no session. */
export function decodeFocusSession(value: unknown): FocusSession | null {
  if (!value || typeof value !== 'object') return null;
  const { plan, block, phase, endsAt, leftMs } = value as Record<string, unknown>;
  if (!plan || typeof plan !== 'object') return null;
  const { focus, break: rest, longBreak } = plan as Record<string, unknown>;
  const decoded = { focus, break: rest, longBreak } as FocusPlan;
  if (!isValidPlan(decoded)) return null;
  if (!Number.isInteger(block) || (block as number) < 1) return null;
  if (phase !== 'focus' && phase !== 'break') return null;
  if (endsAt !== null && (typeof endsAt !== 'number' || !Number.isFinite(endsAt))) return null;
  if (typeof leftMs !== 'number' || !Number.isFinite(leftMs) || leftMs < 0) return null;
  const session: FocusSession = { plan: decoded, block: block as number, phase, endsAt, leftMs };
  // A paused phase never holds more than its length.
  return endsAt === null ? { ...session, leftMs: Math.min(leftMs, phaseMs(session)) } : session;
}
