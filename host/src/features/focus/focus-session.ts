import { BehaviorSubject, Subject } from 'rxjs';
import type { FocusPlan } from '@loofi/contracts';
import { browserClock } from '../player/sleep-timer';
import type { SleepClock } from '../player/sleep-timer';
import { FOCUS_SESSION_KEY } from './focus-on-demand';
import type { Observable } from 'rxjs';
import {
  advance,
  decodeFocusSession,
  pauseFocus,
  resumeFocus,
  skipPhase,
  startFocus,
} from './focus-timer';
import type { FocusSession, PhaseChange } from './focus-timer';

/** The time the focus session reads and waits on: the sleep timer's, a fake in tests. */
export type FocusClock = SleepClock;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The owner's focus session in this browser: its state (null: none), and each phase that
 * begins (for the chime and the break's hold on the music). Kept in storage at every change,
 * and read again when another tab changes it.
 */
export interface FocusSessions {
  readonly session$: Observable<FocusSession | null>;
  readonly changes$: Observable<PhaseChange>;
  /** Each change the owner made here (start, pause, resume, skip, stop): the session after it. */
  readonly edits$: Observable<FocusSession | null>;
  readonly session: FocusSession | null;
  start(plan: FocusPlan): void;
  pause(): void;
  resume(): void;
  skip(): void;
  stop(): void;
  /** Reads the kept session again (another tab wrote it). */
  reload(): void;
  /** Takes the session another device changed as this one's, telling of a phase it moved to. */
  adopt(session: FocusSession | null): void;
  dispose(): void;
}

function read(storage: Storage): FocusSession | null {
  try {
    const text = storage.getItem(FOCUS_SESSION_KEY);
    return text === null ? null : decodeFocusSession(JSON.parse(text));
  } catch {
    return null;
  }
}

function write(storage: Storage, session: FocusSession | null) {
  try {
    if (session === null) storage.removeItem(FOCUS_SESSION_KEY);
    else storage.setItem(FOCUS_SESSION_KEY, JSON.stringify(session));
  } catch {
    // Full or denied storage loses the session at the next reload, never the running one.
  }
}

const sameSession = (a: FocusSession | null, b: FocusSession | null) =>
  a === b || (a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b));

/** A timer whose longest wait is this: a tab's timers may be clamped, the clock is not. */
const LONGEST_WAIT_MS = 60_000;

export function createFocusSessions(
  storage: Storage = localStorage,
  clock: FocusClock = browserClock,
): FocusSessions {
  const state = new BehaviorSubject<FocusSession | null>(null);
  const changes = new Subject<PhaseChange>();
  const edits = new Subject<FocusSession | null>();
  let timer: number | null = null;

  const clearTimer = () => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  };
  // Waits for the running phase's deadline; a timer may fire early or (after sleep) late:
  // the clock, not the timer, says which phase it is.
  const follow = (session: FocusSession | null) => {
    clearTimer();
    if (session?.endsAt == null) return;
    const wait = Math.min(LONGEST_WAIT_MS, Math.max(0, session.endsAt - clock.now()));
    timer = clock.setTimeout(() => {
      timer = null;
      catchUp();
    }, wait);
  };
  const set = (session: FocusSession | null, save = true) => {
    if (save) write(storage, session);
    state.next(session);
    follow(session);
  };
  /** Moves past every deadline gone by, telling of each phase that began. */
  const catchUp = () => {
    const current = state.getValue();
    if (!current) return;
    const { session, changes: begun } = advance(current, clock.now());
    if (begun.length === 0) return follow(current);
    set(session);
    // After time away only the phase that runs now is worth a chime.
    changes.next(begun.at(-1)!);
  };
  const edit = (session: FocusSession | null) => {
    set(session);
    edits.next(session);
  };
  const update = (change: (session: FocusSession, now: number) => FocusSession) => {
    const current = state.getValue();
    if (current) edit(change(current, clock.now()));
  };

  // A session kept by an earlier page: the phases it missed pass silently.
  const kept = read(storage);
  if (kept) set(advance(kept, clock.now()).session);

  return {
    session$: state.asObservable(),
    changes$: changes.asObservable(),
    edits$: edits.asObservable(),
    get session() {
      return state.getValue();
    },
    start: (plan) => edit(startFocus(plan, clock.now())),
    pause: () => update(pauseFocus),
    resume: () => update(resumeFocus),
    skip: () => {
      const current = state.getValue();
      if (!current) return;
      const now = clock.now();
      const { phase: from } = advance(current, now).session;
      const next = skipPhase(current, now);
      edit(next);
      changes.next({ from, to: next.phase, block: next.block });
    },
    stop: () => edit(null),
    reload: () => {
      const session = read(storage);
      set(session ? advance(session, clock.now()).session : null, false);
    },
    adopt: (session) => {
      const now = clock.now();
      const before = state.getValue();
      const was = before && advance(before, now).session;
      const next = session && advance(session, now).session;
      // Nothing new: another tab of this browser made the change, and storage brought it first.
      if (sameSession(was, next)) return;
      // Kept here too, so this browser's other tabs and its next visit follow.
      set(next);
      // A skip made there is a phase change here too (a start or a stop is none).
      if (was && next && (was.phase !== next.phase || was.block !== next.block)) {
        changes.next({ from: was.phase, to: next.phase, block: next.block });
      }
    },
    dispose: () => {
      clearTimer();
      state.complete();
      changes.complete();
      edits.complete();
    },
  };
}
