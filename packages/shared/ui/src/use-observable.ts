import { useMemo, useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';

interface ObservableStore<T> {
  subscribe(onChange: () => void): () => void;
  getSnapshot(): T;
  /** What a page rendered ahead of time (the prerendered sign-in page) showed: `initial`. */
  getServerSnapshot(): T;
}

function observableStore<T>(source$: Observable<T>, initial: T): ObservableStore<T> {
  let value = initial;
  // A replaying stream (the player bus, a shared library, the preferences) hands its latest
  // value to a new subscriber at once: read it now, so the first render already shows it
  // rather than rendering `initial` and then again from an effect. Streams are hot here;
  // the subscription that follows the component comes from `subscribe` below.
  source$.subscribe((next) => (value = next)).unsubscribe();
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
 * The latest value of an rxjs stream, `initial` until it emits. A value the stream replays
 * on subscription is there in the first render. The subscription follows the component's
 * life and the stream's identity.
 */
export function useObservable<T>(source$: Observable<T>, initial: T): T {
  // `initial` only matters before the first value of this stream, so it is not a dependency.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const store = useMemo(() => observableStore(source$, initial), [source$]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
}
