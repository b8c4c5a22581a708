import { useCallback, useEffect, useState } from 'react';
import { useRetryWhenOnline } from '@loofi/ui';
import { logFailure } from '../../lib/messages';

export type LazyModuleState<T> =
  { status: 'loading' } | { status: 'ready'; module: T } | { status: 'failed' };

/**
 * Loads a module on first use (a dynamic import: its own chunk), with a retry when the
 * chunk could not be fetched, by hand or when the browser is back online. React.lazy
 * would remember a failed load for good.
 */
export function useLazyModule<T>(load: () => Promise<T>) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LazyModuleState<T>>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    load().then(
      (module) => current && setState({ status: 'ready', module }),
      (error: unknown) => {
        logFailure(error);
        if (current) setState({ status: 'failed' });
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
  // A panel that could not load over a dropped connection comes back with it.
  useRetryWhenOnline(state.status === 'failed', retry);

  return { state, retry };
}
