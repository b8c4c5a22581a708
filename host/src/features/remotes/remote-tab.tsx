import { Box, CircularProgress } from '@loofi/ui-kit/base';
import { memo, useCallback, useEffect, useState } from 'react';
import type { RemoteApp, RemoteProps, TabName } from '@loofi/contracts';
import { useRetryWhenOnline } from '@loofi/ui';
import { ErrorBoundary } from '../errors/error-boundary';
import { describeFailure, RemoteFallback } from './remote-fallback';
import { RemoteLoadError } from './remote-loader';
import type { RemoteLoader } from './remote-loader';

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; App: RemoteApp }
  | { status: 'failed'; message: string };

const messageOf = (tab: TabName, error: unknown) =>
  error instanceof RemoteLoadError
    ? describeFailure(error.failure)
    : `Something unexpected happened in the ${tab} tab.`;

/**
 * Loads a tab's remote and mounts it; on any failure shows the fallback with Retry. A shell
 * render that changes none of its inputs (a preloaded remote arriving) leaves it alone.
 */
export const RemoteTab = memo(function RemoteTab({
  tab,
  loader,
  props,
}: {
  tab: TabName;
  loader: RemoteLoader;
  props: RemoteProps;
}) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>(() => {
    // A remote loaded before (preloaded, or shown earlier) renders in the first frame.
    const App = loader.loadedApp(tab);
    return App ? { status: 'ready', App } : { status: 'loading' };
  });

  useEffect(() => {
    let current = true;
    loader.load(tab).then(
      (App) =>
        current &&
        // Unchanged when the first render already showed it: no second render.
        setState((shown) =>
          shown.status === 'ready' && shown.App === App ? shown : { status: 'ready', App },
        ),
      (error: unknown) => current && setState({ status: 'failed', message: messageOf(tab, error) }),
    );
    return () => {
      current = false;
    };
  }, [loader, tab, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  // A tab that could not load over a dropped connection comes back with it.
  useRetryWhenOnline(state.status === 'failed', retry);

  if (state.status === 'loading') {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
        <CircularProgress aria-label={`Loading the ${tab} tab`} />
      </Box>
    );
  }
  if (state.status === 'failed') {
    return <RemoteFallback tab={tab} message={state.message} onRetry={retry} />;
  }
  const { App } = state;
  return (
    <ErrorBoundary
      key={attempt}
      fallback={() => (
        <RemoteFallback
          tab={tab}
          message={messageOf(tab, null)}

          onRetry={retry}
        />
      )}
    >
      <App {...props} />
    </ErrorBoundary>
  );
});
