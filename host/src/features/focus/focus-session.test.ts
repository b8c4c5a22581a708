import { beforeEach, describe, expect, it } from 'vitest';
import { FOCUS_PRESETS } from '@loofi/contracts';
import { FOCUS_SESSION_KEY } from './focus-on-demand';
import { createFocusSessions } from './focus-session';
import { fakeClock } from './fake-clock';
import { pauseFocus, skipPhase, startFocus, viewAt } from './focus-timer';
import type { FocusSession, PhaseChange } from './focus-timer';

const MINUTE = 60_000;
const pomodoro = FOCUS_PRESETS[0]!;

beforeEach(() => localStorage.clear());

describe('the focus session', () => {
  it('runs phase after phase on the clock, telling of each that begins', () => {
    const clock = fakeClock();
    const sessions = createFocusSessions(localStorage, clock);
    const begun: PhaseChange[] = [];
    sessions.changes$.subscribe((change) => begun.push(change));
    sessions.start(pomodoro);
    clock.advance(25 * MINUTE);
    expect(begun).toEqual([{ from: 'focus', to: 'break', block: 1 }]);
    clock.advance(5 * MINUTE);
    expect(begun.at(-1)).toEqual({ from: 'break', to: 'focus', block: 2 });
    expect(viewAt(sessions.session!, clock.now()).leftMs).toBe(25 * MINUTE);
  });

  it('after the device slept, is in the right phase at once, with one chime', () => {
    const clock = fakeClock();
    const sessions = createFocusSessions(localStorage, clock);
    const begun: PhaseChange[] = [];
    sessions.changes$.subscribe((change) => begun.push(change));
    sessions.start(pomodoro);
    clock.jump(50 * MINUTE);
    expect(begun).toEqual([{ from: 'break', to: 'focus', block: 2 }]);
    expect(viewAt(sessions.session!, clock.now())).toMatchObject({
      phase: 'focus',
      block: 2,
      leftMs: 5 * MINUTE,
    });
  });

  it('survives a reload with the same time left', () => {
    const clock = fakeClock();
    createFocusSessions(localStorage, clock).start(pomodoro);
    clock.advance(10 * MINUTE);
    const again = createFocusSessions(localStorage, clock);
    expect(viewAt(again.session!, clock.now())).toMatchObject({ leftMs: 15 * MINUTE });
  });

  it('pauses, resumes, skips and stops, keeping storage in step', () => {
    const clock = fakeClock();
    const sessions = createFocusSessions(localStorage, clock);
    sessions.start(pomodoro);
    clock.advance(5 * MINUTE);
    sessions.pause();
    clock.advance(60 * MINUTE);
    expect(viewAt(sessions.session!, clock.now())).toMatchObject({
      running: false,
      leftMs: 20 * MINUTE,
    });
    sessions.resume();
    sessions.skip();
    expect(viewAt(sessions.session!, clock.now())).toMatchObject({ phase: 'break' });
    expect(JSON.parse(localStorage.getItem(FOCUS_SESSION_KEY)!)).toEqual(sessions.session);
    sessions.stop();
    expect(sessions.session).toBeNull();
    expect(localStorage.getItem(FOCUS_SESSION_KEY)).toBeNull();
  });

  it('reads what another tab wrote', () => {
    const clock = fakeClock();
    const here = createFocusSessions(localStorage, clock);
    createFocusSessions(localStorage, clock).start(pomodoro);
    expect(here.session).toBeNull();
    here.reload();
    expect(here.session).toMatchObject({ phase: 'focus', block: 1 });
  });

  it("tells of the owner's own changes, not of those that come from elsewhere or from the clock", () => {
    const clock = fakeClock();
    const sessions = createFocusSessions(localStorage, clock);
    const edits: (FocusSession | null)[] = [];
    sessions.edits$.subscribe((session) => edits.push(session));
    sessions.start(pomodoro);
    clock.advance(26 * MINUTE);
    sessions.pause();
    sessions.resume();
    sessions.skip();
    sessions.reload();
    sessions.adopt(startFocus(pomodoro, clock.now()));
    sessions.stop();
    expect(edits.map((session) => session && session.phase)).toEqual([
      'focus',
      'break',
      'break',
      'focus',
      null,
    ]);
  });

  it("takes another device's session as its own, telling only of a phase it moved to", () => {
    const clock = fakeClock();
    const sessions = createFocusSessions(localStorage, clock);
    const begun: PhaseChange[] = [];
    sessions.changes$.subscribe((change) => begun.push(change));
    const started = startFocus(pomodoro, clock.now());
    sessions.adopt(started);
    expect(sessions.session).toEqual(started);
    expect(JSON.parse(localStorage.getItem(FOCUS_SESSION_KEY)!)).toEqual(started);
    clock.advance(MINUTE);
    // The session it has already (another tab's change, heard first through storage).
    let published = 0;
    sessions.session$.subscribe(() => (published += 1));
    sessions.adopt(started);
    expect(published).toBe(1);
    sessions.adopt(pauseFocus(started, clock.now()));
    expect(viewAt(sessions.session!, clock.now() + MINUTE)).toMatchObject({
      running: false,
      leftMs: 24 * MINUTE,
    });
    expect(begun).toEqual([]);
    sessions.adopt(skipPhase(started, clock.now()));
    expect(begun).toEqual([{ from: 'focus', to: 'break', block: 1 }]);
    sessions.adopt(null);
    expect(sessions.session).toBeNull();
    expect(localStorage.getItem(FOCUS_SESSION_KEY)).toBeNull();
    expect(begun).toHaveLength(1);
  });

  it('ignores a kept session it cannot read', () => {
    localStorage.setItem(FOCUS_SESSION_KEY, '{"plan":{"focus":"long"}}');
    expect(createFocusSessions(localStorage, fakeClock()).session).toBeNull();
  });
});
