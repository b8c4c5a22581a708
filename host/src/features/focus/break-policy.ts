import { distinctUntilChanged, map } from 'rxjs';
import { DEFAULT_PREFERENCES } from '@loofi/contracts';
import type { DuringBreaks, PreferencesStore } from '@loofi/contracts';
import type { PlayerBusController } from '@loofi/contracts/player';
import { BREAK_GAIN, BREAK_RAMP_MS, breakGain$ } from './break-gain';
import type { FocusClock, FocusSessions } from './focus-session';

/** What a focus break may do to the page's player. */
export interface BreakControls {
  /** The music's level for a break, at once (1: as the owner set it). */
  setBreakGain(gain: number): void;
  /** How many times the sleep timer has faded the music out. */
  readonly sleeps: number;
  /** Another tab of this browser plays the music now. */
  readonly elsewhere: boolean;
}

/** How often a ramp's level is set: fine enough that a step is not heard (as fades.ts). */
const RAMP_STEP_MS = 50;

const toDb = (gain: number) => 20 * Math.log10(gain);

/**
 * A break of the focus session drives the music, as 'During breaks' says. 'lower': down
 * 12 dB over 2 s as the break begins, back over 2 s as it ends (the next block, or the
 * session stopped). 'pause': paused as the break begins and played again as it ends, if it
 * was playing here and since then neither the owner played it (or paused it again) nor the
 * sleep timer faded it out. 'keep': left alone. Returns the undo.
 */
export function startBreakPolicy(options: {
  bus: PlayerBusController;
  sessions: Pick<FocusSessions, 'session$'>;
  music: BreakControls;
  preferences: PreferencesStore;
  clock: FocusClock;
}): () => void {
  const { bus, sessions, music, clock } = options;
  let policy: DuringBreaks = DEFAULT_PREFERENCES.duringBreaks!;
  let inBreak = false;
  /** The level asked for, and the level set now (it ramps towards the first). */
  let aim = 1;
  let level = 1;
  let ramp: number | null = null;
  /** The pause a break made: until the element has paused, then until the break ends. */
  let hold: { paused: boolean; sleeps: number } | null = null;

  const stopRamp = () => {
    if (ramp !== null) clock.clearTimeout(ramp);
    ramp = null;
  };
  // Linear in decibels, as the ear hears it; a ramp turned back midway takes its share of 2 s.
  const rampTo = (target: number) => {
    stopRamp();
    const [from, to] = [toDb(level), toDb(target)];
    const ms = BREAK_RAMP_MS * Math.min(1, Math.abs(to - from) / -toDb(BREAK_GAIN));
    const start = clock.now();
    const step = () => {
      const progress = ms > 0 ? (clock.now() - start) / ms : 1;
      level = progress >= 1 ? target : 10 ** ((from + (to - from) * progress) / 20);
      music.setBreakGain(level);
      ramp = progress >= 1 ? null : clock.setTimeout(step, RAMP_STEP_MS);
    };
    step();
  };
  const follow = () => {
    const target = inBreak && policy === 'lower' ? BREAK_GAIN : 1;
    if (target === aim) return;
    aim = target;
    breakGain$.next(target);
    rampTo(target);
  };

  const beginBreak = () => {
    if (policy !== 'pause' || !bus.state.playing) return;
    hold = { paused: false, sleeps: music.sleeps };
    bus.dispatch({ type: 'toggle' });
  };
  const endBreak = () => {
    const held = hold;
    hold = null;
    if (!held?.paused || bus.state.playing || music.elsewhere) return;
    if (music.sleeps !== held.sleeps) return;
    bus.dispatch({ type: 'toggle' });
  };

  const preferences = options.preferences.preferences$.subscribe((current) => {
    policy = current.duringBreaks ?? DEFAULT_PREFERENCES.duringBreaks!;
    follow();
  });
  const playing = bus.state$
    .pipe(
      map((state) => state.playing),
      distinctUntilChanged(),
    )
    .subscribe((now) => {
      if (!hold) return;
      if (!hold.paused && !now) hold.paused = true;
      // Played again by the owner: the music is theirs, the break's end leaves it.
      else if (hold.paused && now) hold = null;
    });
  const phases = sessions.session$
    .pipe(
      map((session) => session?.phase === 'break'),
      distinctUntilChanged(),
    )
    .subscribe((breaking) => {
      inBreak = breaking;
      if (breaking) beginBreak();
      else endBreak();
      follow();
    });

  return () => {
    phases.unsubscribe();
    playing.unsubscribe();
    preferences.unsubscribe();
    stopRamp();
    hold = null;
    if (aim !== 1) breakGain$.next(1);
    if (level !== 1) music.setBreakGain(1);
  };
}
