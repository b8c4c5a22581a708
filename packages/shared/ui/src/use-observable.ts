import { startTransition, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';

/**
 * What the stream holds now: a replaying stream (the player bus, a shared library, the
 * preferences) hands its latest value to a new subscriber at once. Streams are hot here;
 * the subscription that follows the component is the effect's.
 */
function currentValue<T>(source$: Observable<T>, initial: T): T {
  let value = initial;
  source$.subscribe((next) => (value = next)).unsubscribe();
  return value;
}

const subscribeToNothing = () => () => undefined;
/** True only while React takes over markup rendered ahead of time (hydration). */
const useHydrating = () =>
  useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );

/**
 * The events of a person's hand (as React ranks them): a stream that emits while one of
 * these is dispatched answers that press or key. Every other event (a database's
 * 'success', the scheduler's 'message', a media element's 'timeupdate') is not urgent.
 */
const URGENT_EVENTS = new Set([
  'beforeinput',
  'change',
  'click',
  'contextmenu',
  'copy',
  'cut',
  'drop',
  'focusin',
  'focusout',
  'input',
  'keydown',
  'keyup',
  'mousedown',
  'mouseup',
  'paste',
  'pointerdown',
  'pointerup',
  'submit',
  'touchend',
  'touchstart',
]);
const duringUrgentEvent = () =>
  typeof window !== 'undefined' && URGENT_EVENTS.has(window.event?.type ?? '');

interface ObservableStore<T> {
  subscribe(onChange: () => void): () => void;
  getSnapshot(): T;
  getServerSnapshot(): T;
}

function observableStore<T>(source$: Observable<T>, initial: T): ObservableStore<T> {
  let value = currentValue(source$, initial);
  return {
    subscribe(onChange) {
      const subscription = source$.subscribe((next) => {
        if (Object.is(next, value)) return;
        value = next;
        onChange();
      });
      return () => subscription.unsubscribe();
    },
    getSnapshot: () => value,
    getServerSnapshot: () => initial,
  };
}

/**
 * The latest value of an rxjs stream, like `useObservable`, but every change is rendered
 * synchronously, in the frame it happens: for a small view that must match something
 * outside React frame by frame (the player bar names the track that is heard, from the
 * first frame of a crossfade). Never for a large one: it cannot be rendered in slices.
 */
export function useObservableInStep<T>(source$: Observable<T>, initial: T): T {
  // `initial` only matters before the first value of this stream, so it is not a dependency.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const store = useMemo(() => observableStore(source$, initial), [source$]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
}

interface Shown<T> {
  source$: Observable<T>;
  value: T;
}

/**
 * The latest value of an rxjs stream, `initial` until it emits. A value the stream replays
 * on subscription is there in the first render. The subscription follows the component's
 * life and the stream's identity. Markup rendered ahead of time (the prerendered sign-in
 * page) showed `initial`: hydration renders that, and the stream's value follows.
 *
 * A value that a press or a key made the stream emit is rendered with that event's
 * priority, in its own frame. One that arrives by itself (a database's answer, a timer, a
 * replay as the component subscribes) is rendered as a transition: in slices of a few
 * milliseconds that the browser paints and answers input between. (`useSyncExternalStore`
 * renders every change synchronously, even one that arrives while React is building a
 * screen in slices: on a phone, the library's arrival became one long task.)
 *
 * For a small view that must match something outside React frame by frame, see
 * `useObservableInStep`.
 */
export function useObservable<T>(source$: Observable<T>, initial: T): T {
  const hydrating = useHydrating();
  const [shown, setShown] = useState<Shown<T>>(() => ({
    source$,
    value: hydrating ? initial : currentValue(source$, initial),
  }));

  // Another stream: its value now, in this render, rather than the old stream's.
  let current = shown;
  if (shown.source$ !== source$) {
    current = { source$, value: currentValue(source$, initial) };
    setShown(current);
  }

  useEffect(() => {
    // The subscription replays the stream's value: what changed since the render (or the
    // hydrated `initial`) is shown; an unchanged value renders nothing. That replay is never
    // urgent, even when the effect runs in a press's commit (a hidden tab revealed by a
    // click subscribes then): it is a transition, after the press's frame.
    let subscribing = true;
    const subscription = source$.subscribe((value) => {
      const show = () =>
        setShown((previous) =>
          previous.source$ === source$ && Object.is(previous.value, value)
            ? previous
            : { source$, value },
        );
      if (!subscribing && duringUrgentEvent()) show();
      else startTransition(show);
    });
    subscribing = false;
    return () => subscription.unsubscribe();
  }, [source$]);

  return current.value;
}
