import { describe, expect, it } from 'vitest';
import { FOCUS_PRESETS } from '@loofi/contracts';
import {
  advance,
  decodeFocusSession,
  pauseFocus,
  resumeFocus,
  skipPhase,
  startFocus,
  viewAt,
} from './focus-timer';
import type { FocusSession } from './focus-timer';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 26, 9, 0, 0);
const pomodoro = FOCUS_PRESETS[0]!; // 25 / 5, a long break of 15

const at = (minutes: number) => T0 + minutes * MINUTE;

describe('the focus timer', () => {
  it('counts a block of focus down to its deadline', () => {
    const session = startFocus(pomodoro, T0);
    expect(viewAt(session, at(0))).toEqual({
      phase: 'focus',
      long: false,
      block: 1,
      leftMs: 25 * MINUTE,
      running: true,
    });
    expect(viewAt(session, at(24.5)).leftMs).toBe(30_000);
  });

  it('goes focus, break, focus …, with a long break after every 4th block', () => {
    const session = startFocus(pomodoro, T0);
    // 4 × 25 of focus and 3 × 5 of breaks: the 4th block ends at 115 minutes.
    expect(viewAt(session, at(25))).toMatchObject({ phase: 'break', long: false, block: 1 });
    expect(viewAt(session, at(30))).toMatchObject({ phase: 'focus', block: 2 });
    expect(viewAt(session, at(115))).toMatchObject({
      phase: 'break',
      long: true,
      block: 4,
      leftMs: 15 * MINUTE,
    });
    expect(viewAt(session, at(130))).toMatchObject({ phase: 'focus', block: 5 });
    expect(viewAt(session, at(130 + 25 * 4 + 5 * 3))).toMatchObject({ long: true, block: 8 });
  });

  it('finds the right phase after a laptop was closed for half an hour, and lists what began', () => {
    const session = startFocus(pomodoro, T0);
    const { session: later, changes } = advance(session, at(20 + 30));
    expect(changes).toEqual([
      { from: 'focus', to: 'break', block: 1 },
      { from: 'break', to: 'focus', block: 2 },
    ]);
    // The second block began at 30 minutes, whatever the time it was seen.
    expect(viewAt(later, at(50)).leftMs).toBe(5 * MINUTE);
  });

  it('counts whole rounds after a week away without walking them', () => {
    const session = startFocus(pomodoro, T0);
    const week = 7 * 24 * 60;
    const round = 4 * 25 + 3 * 5 + 15; // 130 minutes
    const view = viewAt(session, at(week));
    const intoRound = week % round;
    const rounds = Math.floor(week / round);
    // Walked by hand from the round's start.
    const walked = viewAt(startFocus(pomodoro, T0), at(intoRound));
    expect(view).toEqual({ ...walked, block: walked.block + rounds * 4 });
    expect(advance(session, at(week)).changes.length).toBeLessThanOrEqual(8);
  });

  it('keeps what was left across a pause, however long', () => {
    const paused = pauseFocus(startFocus(pomodoro, T0), at(10));
    expect(viewAt(paused, at(500))).toMatchObject({ leftMs: 15 * MINUTE, running: false });
    const resumed = resumeFocus(paused, at(500));
    expect(viewAt(resumed, at(510))).toMatchObject({ phase: 'focus', leftMs: 5 * MINUTE });
    expect(viewAt(resumed, at(515))).toMatchObject({ phase: 'break', block: 1 });
  });

  it('a pause taken after a deadline has passed pauses the phase that runs then', () => {
    const paused = pauseFocus(startFocus(pomodoro, T0), at(27));
    expect(viewAt(paused, at(27))).toMatchObject({ phase: 'break', leftMs: 3 * MINUTE });
  });

  it('skips to the next phase at once, running or paused', () => {
    const skipped = skipPhase(startFocus(pomodoro, T0), at(3));
    expect(viewAt(skipped, at(3))).toMatchObject({ phase: 'break', leftMs: 5 * MINUTE });
    const again = skipPhase(skipped, at(4));
    expect(viewAt(again, at(4))).toMatchObject({ phase: 'focus', block: 2, leftMs: 25 * MINUTE });

    const paused = skipPhase(pauseFocus(again, at(5)), at(9));
    expect(viewAt(paused, at(60))).toMatchObject({
      phase: 'break',
      running: false,
      leftMs: 5 * MINUTE,
    });
  });

  it('never holds more than a phase when the clock is set back', () => {
    const session = startFocus(pomodoro, T0);
    expect(viewAt(session, at(-60)).leftMs).toBe(25 * MINUTE);
  });

  it('refuses a plan of no minutes, of fractions, or over 3 hours', () => {
    expect(() => startFocus({ focus: 0, break: 5, longBreak: 15 }, T0)).toThrow(RangeError);
    expect(() => startFocus({ focus: 2.5, break: 5, longBreak: 15 }, T0)).toThrow(RangeError);
    expect(() => startFocus({ focus: 181, break: 5, longBreak: 15 }, T0)).toThrow(RangeError);
    expect(startFocus({ focus: 180, break: 1, longBreak: 1 }, T0).phase).toBe('focus');
  });
});

describe('decodeFocusSession', () => {
  it('reads back what was kept', () => {
    const session = pauseFocus(startFocus(pomodoro, T0), at(10));
    expect(decodeFocusSession(JSON.parse(JSON.stringify(session)))).toEqual(session);
    const running = startFocus(pomodoro, T0);
    expect(decodeFocusSession(JSON.parse(JSON.stringify(running)))).toEqual(running);
  });

  it.each<[string, unknown]>([
    ['nothing', null],
    ['a string', 'focus'],
    ['no plan', { block: 1, phase: 'focus', endsAt: T0, leftMs: 0 }],
    [
      'a bad plan',
      {
        plan: { focus: -1, break: 5, longBreak: 15 },
        block: 1,
        phase: 'focus',
        endsAt: T0,
        leftMs: 0,
      },
    ],
    ['block 0', { plan: pomodoro, block: 0, phase: 'focus', endsAt: T0, leftMs: 0 }],
    ['another phase', { plan: pomodoro, block: 1, phase: 'nap', endsAt: T0, leftMs: 0 }],
    [
      'a deadline in words',
      { plan: pomodoro, block: 1, phase: 'focus', endsAt: 'soon', leftMs: 0 },
    ],
    ['a negative rest', { plan: pomodoro, block: 1, phase: 'focus', endsAt: null, leftMs: -1 }],
  ])('is no session for %s', (_, value) => expect(decodeFocusSession(value)).toBeNull());

  it('never gives a paused phase more than its length', () => {
    const kept: FocusSession = {
      plan: pomodoro,
      block: 1,
      phase: 'break',
      endsAt: null,
      leftMs: 1e12,
    };
    expect(decodeFocusSession(kept)?.leftMs).toBe(5 * MINUTE);
  });
});
