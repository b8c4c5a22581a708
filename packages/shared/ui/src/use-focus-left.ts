import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { focusLeftMs } from '@loofi/contracts';
import type { FocusState, PlayerBus } from '@loofi/contracts';
import { focusOf } from '@loofi/contracts/player';
import { useObservable } from './use-observable';

/**
 * The owner's focus session (null: none, or a shell without a focus timer) and the whole
 * seconds left of its phase, again as each second passes while the page is seen: a hidden
 * page runs no timer, and counts again from the deadline when it is shown. `page` is the
 * document that shows it (the mini player's window, seen while the tab is not).
 */
export function useFocusLeft(
  player: PlayerBus,
  page: Document = document,
): { focus: FocusState | null; seconds: number } {
  const focus$ = useMemo(() => focusOf(player), [player]);
  const focus = useObservable(focus$, null);
  const subscribe = useCallback(
    (changed: () => void) => {
      if (focus?.endsAt == null) return () => undefined;
      const { endsAt } = focus;
      // The page's own timers: a hidden tab's are slowed down, a seen window's are not.
      const timers = page.defaultView ?? window;
      let timer: number | undefined;
      // The next moment the whole seconds left go down.
      const schedule = () => {
        timers.clearTimeout(timer);
        const left = endsAt - Date.now();
        if (page.hidden || left <= 0) return;
        timer = timers.setTimeout(tick, (left % 1000 || 1000) + 1);
      };
      const tick = () => {
        changed();
        schedule();
      };
      const onVisibility = () => (page.hidden ? timers.clearTimeout(timer) : tick());
      page.addEventListener('visibilitychange', onVisibility);
      schedule();
      return () => {
        timers.clearTimeout(timer);
        page.removeEventListener('visibilitychange', onVisibility);
      };
    },
    [focus, page],
  );
  const seconds = useSyncExternalStore(subscribe, () =>
    focus ? Math.ceil(focusLeftMs(focus, Date.now()) / 1000) : 0,
  );
  return { focus, seconds };
}
