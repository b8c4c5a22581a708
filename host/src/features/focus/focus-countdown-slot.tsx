import { lazy, memo, Suspense, useMemo } from 'react';
import type { ComponentType } from 'react';
import type { PlayerBus } from '@loofi/contracts';
import { focusOf } from '@loofi/contracts/player';
import { useObservable } from '@loofi/ui';

/**
 * The countdown's code is in the focus timer's chunk: a session exists only once that chunk
 * has run, so it is there by the time the countdown shows.
 */
const FocusCountdown = lazy<ComponentType<{ player: PlayerBus; page?: Document | undefined }>>(() =>
  import(/* webpackChunkName: "focus-timer" */ './focus-countdown').then(
    ({ FocusCountdown }) => ({ default: FocusCountdown }),
    // Not reachable while the timer runs from the same chunk; the bar goes on without it.
    () => ({ default: () => null }),
  ),
);

/**
 * Where the player bar (or the mini player, in its window `page`) shows the focus session's
 * phase and time left, while one runs.
 */
export const FocusCountdownSlot = memo(function FocusCountdownSlot({
  player,
  page,
}: {
  player: PlayerBus;
  page?: Document | undefined;
}) {
  const focus$ = useMemo(() => focusOf(player), [player]);
  const running = useObservable(focus$, null) !== null;
  return running ? (
    <Suspense fallback={null}>
      <FocusCountdown player={player} page={page} />
    </Suspense>
  ) : null;
});
