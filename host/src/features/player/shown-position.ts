import { distinctUntilChanged, EMPTY, fromEvent, map, startWith, switchMap } from 'rxjs';
import type { Observable } from 'rxjs';
import type { PositionState } from '@loofi/contracts';

/** What the seek row reads of the page: whether anyone can see it. */
export type ShownPage = Pick<
  Document,
  'visibilityState' | 'addEventListener' | 'removeEventListener'
>;

const samePosition = (a: PositionState, b: PositionState) =>
  a.position === b.position && a.duration === b.duration;

/**
 * The position as the seek row shows it: in whole seconds (its times and its slider's steps),
 * so the bus's four updates a second re-render it once; and nothing while the page is hidden,
 * the latest position as soon as it shows again.
 */
export function shownPosition(
  position$: Observable<PositionState>,
  page: ShownPage = document,
): Observable<PositionState> {
  const shown$ = fromEvent(page, 'visibilitychange').pipe(
    startWith(null),
    map(() => page.visibilityState !== 'hidden'),
    distinctUntilChanged(),
  );
  const seconds$ = position$.pipe(
    map(({ position, duration }) => ({ position: Math.floor(position), duration })),
    distinctUntilChanged(samePosition),
  );
  // Hidden, the row is not subscribed to the position at all; shown, the bus replays it.
  return shown$.pipe(
    switchMap((shown) => (shown ? seconds$ : EMPTY)),
    distinctUntilChanged(samePosition),
  );
}
