import { startTransition, useCallback, useEffect, useState } from 'react';
import { useRetryWhenOnline } from './use-retry-when-online';

export type RetryableLoadState<T> =
  { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; error: unknown };

/**
 * Loads something on first render (a remote, a lazily split panel), with a retry: by hand
 * (`retry`, for a Retry button) and by itself when the browser is back online after a
 * failure. `React.lazy` would remember a failed load for good.
 *
 * `load` should be stable (a `useCallback`): a new one loads again. `loaded` is what is
 * already there (a preloaded remote), shown in the first frame without a loading state.
 * `attempt` counts the retries, e.g. to key an error boundary around what was loaded.
 *
 * What arrives is rendered as a transition: React builds it in slices of a few
 * milliseconds, so a large tree (the dashboard, a tab) does not hold the main thread in one
 * long task, and a press meanwhile is answered first.
 */
export function useRetryableLoad<T>(load: () => Promise<T>, loaded?: T) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<RetryableLoadState<T>>(() =>
    loaded === undefined ? { status: 'loading' } : { status: 'ready', value: loaded },
  );

  useEffect(() => {
    let current = true;
    load().then(
      (value) => {
        if (!current) return;
        // Unchanged when the first render already showed it: no second render.
        startTransition(() =>
          setState((shown) =>
            shown.status === 'ready' && shown.value === value ? shown : { status: 'ready', value },
          ),
        );
      },
      (error: unknown) => {
        if (current) setState({ status: 'failed', error });
      },
    );
    return () => {
      current = false;
    };
  }, [load, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  useRetryWhenOnline(state.status === 'failed', retry);

  return { state, retry, attempt };
}
