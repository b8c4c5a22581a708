import { onValue, ref, update } from 'firebase/database';
import type { Database } from 'firebase/database';
import { Observable, takeUntil } from 'rxjs';
import { isValidPlan, PHASE_MINUTES } from '@loofi/contracts';
import type { FocusPlan } from '@loofi/contracts';
import type { FocusSessionRecord, FocusSessionStore, SharedFocusSession } from '../ports';

/**
 * Each owner's focus session, at `loofi-focus/{uid}` in the Realtime Database, beside the
 * listening session and for the same reasons (firebase-listening-session.ts): its functions
 * are in the data chunk already, and its rules are generated with the others
 * (firebase/rules/rules-source.ts). The Realtime Database also gives the server's time
 * (`.info/serverTimeOffset`), which keeps a deadline the same moment on two devices whose
 * clocks disagree.
 */
export const FOCUS_PATH = 'loofi-focus';
/** The longest phase, in ms. Also `LIMITS.focusLeftMs` in firebase/rules/rules-source.ts. */
export const MAX_FOCUS_LEFT_MS = PHASE_MINUTES.max * 60_000;

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const only = (value: Fields, fields: readonly string[]) =>
  Object.keys(value).every((key) => fields.includes(key));

const isTime = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function readFocusRecord(value: unknown): FocusSessionRecord | null {
  if (!isFields(value) || !only(value, ['plan', 'block', 'phase', 'endsAt', 'leftMs'])) {
    return null;
  }
  const { plan, block, phase, endsAt, leftMs } = value;
  if (!isFields(plan) || !only(plan, ['focus', 'break', 'longBreak'])) return null;
  const lengths = { focus: plan.focus, break: plan.break, longBreak: plan.longBreak } as FocusPlan;
  if (!isValidPlan(lengths)) return null;
  if (typeof block !== 'number' || !Number.isInteger(block) || block < 1) return null;
  if (phase !== 'focus' && phase !== 'break') return null;
  // A running phase has its deadline, a paused one what is left of it: never both.
  if (endsAt !== undefined) {
    return leftMs === undefined && isTime(endsAt)
      ? { plan: lengths, block, phase, endsAt, leftMs: 0 }
      : null;
  }
  return typeof leftMs === 'number' && leftMs >= 0 && leftMs <= MAX_FOCUS_LEFT_MS
    ? { plan: lengths, block, phase, endsAt: null, leftMs }
    : null;
}

/**
 * A stored focus document read defensively, its times as stored: `at`, and `session` unless
 * it was stopped (the database keeps no empty child). Anything else reads as null.
 */
export function readSharedFocusSession(value: unknown): SharedFocusSession | null {
  if (!isFields(value) || !only(value, ['at', 'session']) || !isTime(value.at)) return null;
  if (value.session === undefined) return { session: null, at: value.at };
  const session = readFocusRecord(value.session);
  return session && { session, at: value.at };
}

/** The change moved by `shift` ms: from this device's clock to the server's, or back. */
function shifted({ session, at }: SharedFocusSession, shift: number): SharedFocusSession {
  return {
    session: session && {
      ...session,
      endsAt: session.endsAt === null ? null : session.endsAt + shift,
    },
    at: at + shift,
  };
}

/** The document as stored: a paused phase has no `endsAt`, a running one no `leftMs`. */
function stored({ session, at }: SharedFocusSession): Fields {
  if (session === null) return { at };
  const { plan, block, phase, endsAt, leftMs } = session;
  return {
    at,
    session: {
      plan: { focus: plan.focus, break: plan.break, longBreak: plan.longBreak },
      block,
      phase,
      ...(endsAt === null ? { leftMs } : { endsAt }),
    },
  };
}

/**
 * The focus session of the signed-in owner (`owner` gives their uid, null when nobody is
 * signed in), live. Like the listening session it never fails the timer: a read that fails
 * gives nothing, a write that fails is dropped, and the first failure of each is logged.
 */
export function createFocusSessionStore(
  db: Database,
  owner: () => Promise<string | null>,
  /** Emits (and replays) once the backend is disposed. */
  disposed$: Observable<void>,
): FocusSessionStore {
  const warned = new Set<string>();
  const warnOnce = (what: 'read' | 'saved', error: unknown) => {
    if (warned.has(what)) return;
    warned.add(what);
    console.warn(`The focus session could not be ${what}: ${String(error)}`);
  };
  // The server's time less this device's, from the connection's handshake (0 until it is known).
  let offset = 0;
  const stopOffset = onValue(ref(db, '.info/serverTimeOffset'), (snapshot) => {
    const value: unknown = snapshot.val();
    offset = isTime(value) ? value : 0;
  });
  disposed$.subscribe(() => stopOffset());

  return {
    session$: new Observable<SharedFocusSession>((subscriber) => {
      let closed = false;
      let stop: (() => void) | undefined;
      owner().then(
        (uid) => {
          if (closed || uid === null) return;
          stop = onValue(
            ref(db, `${FOCUS_PATH}/${uid}`),
            (snapshot) => {
              if (!snapshot.exists()) return;
              const change = readSharedFocusSession(snapshot.val());
              if (change) subscriber.next(shifted(change, -offset));
              else warnOnce('read', new Error('the stored document is not a focus session'));
            },
            (error) => warnOnce('read', error),
          );
        },
        (error: unknown) => warnOnce('read', error),
      );
      return () => {
        closed = true;
        stop?.();
      };
    }).pipe(takeUntil(disposed$)),

    async write(change) {
      const document = stored(shifted(change, offset));
      // A session the rules would refuse is not sent, to be refused at every change.
      if (readSharedFocusSession(document) === null) return;
      try {
        const uid = await owner();
        if (uid === null) return;
        // The owner's child replaced whole, as the listening session's is (update, not set).
        await update(ref(db, FOCUS_PATH), { [uid]: document });
      } catch (error) {
        warnOnce('saved', error);
      }
    },
  };
}
