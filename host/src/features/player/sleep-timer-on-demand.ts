import { BehaviorSubject } from 'rxjs';
import { loadShellOverlays } from '../full-kit/full-kit';
import type { SleepControls, SleepTimer, SleepTimerState } from './sleep-timer';

/**
 * The sleep timer of the shell. Its engine comes with the sleep timer's menu (the shell's
 * overlays chunk), since only that menu sets it: until then it is off, and so is its name.
 */
export function createSleepTimerOnDemand(
  controls: SleepControls,
  load: typeof loadShellOverlays = loadShellOverlays,
): SleepTimer {
  const state$ = new BehaviorSubject<SleepTimerState>({ kind: 'off' });
  const name$ = new BehaviorSubject('Sleep timer');
  let engine: SleepTimer | null = null;
  return {
    state$: state$.asObservable(),
    name$: name$.asObservable(),
    set(choice) {
      if (!engine && choice === 'off') return;
      void load().then(({ overlays }) => {
        if (!engine) {
          engine = overlays.createSleepTimer(controls);
          engine.state$.subscribe(state$);
          engine.name$.subscribe(name$);
        }
        engine.set(choice);
      });
    },
  };
}
