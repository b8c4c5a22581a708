import { Box, CircularProgress } from '@loofi/ui-kit/base';
import { memo, useCallback, useEffect, useState } from 'react';
import type { RemoteProps, TabName } from '@loofi/contracts';
import { useRetryableLoad } from '@loofi/ui';
import { ErrorBoundary } from 'react-error-boundary';
import { describeFailure, RedeployedFallback, RemoteFallback } from './remote-fallback';
import { RemoteLoadError } from './remote-loader';
import type { RemoteLoader } from './remote-loader';

const messageOf = (tab: TabName, error: unknown) =>
  error instanceof RemoteLoadError
    ? describeFailure(error.failure)
    : `Something unexpected happened in the ${tab} tab.`;

/**
 * Loads a tab's remote and mounts it; on any failure shows the fallback with Retry. A shell
 * render that changes none of its inputs (a preloaded remote arriving) leaves it alone.
 * `afterFirstFrame`: show the loading state first even when the remote is already there,
 * and render it in the next commit (the dashboard's first frame). `onSettled` is called
 * once the tab, shown, has its content or its failure on the page (again on each reveal).
 */
export const RemoteTab = memo(function RemoteTab({
  tab,
  loader,
  props,
  afterFirstFrame = false,
  onSettled,
}: {
  tab: TabName;
  loader: RemoteLoader;
  props: RemoteProps;
  afterFirstFrame?: boolean;
  onSettled?: ((tab: TabName) => void) | undefined;
}) {
  const load = useCallback(() => loader.load(tab), [loader, tab]);
  // A remote loaded before (preloaded, or shown earlier) renders in the first frame; a tab
  // that could not load over a dropped connection comes back with it.
  const { state, retry, attempt } = useRetryableLoad(
    load,
    afterFirstFrame ? undefined : loader.loadedApp(tab),
  );
  // Redeployed while open: the old release's files are gone, so its app is set aside.
  const [redeployed, setRedeployed] = useState(false);
  useEffect(
    () => loader.onRedeployed((changed) => changed === tab && setRedeployed(true)),
    [loader, tab],
  );
  // A hidden tab runs no effect: this says it only of the tab shown.
  const settled = redeployed || state.status !== 'loading';
  useEffect(() => {
    if (settled) onSettled?.(tab);
  }, [settled, onSettled, tab]);

  if (redeployed) {
    return (
      <RedeployedFallback
        tab={tab}
        onRetry={() => {
          setRedeployed(false);
          retry();
        }}
      />
    );
  }

  if (state.status === 'loading') {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
        <CircularProgress aria-label={`Loading the ${tab} tab`} />
      </Box>
    );
  }
  if (state.status === 'failed') {
    return <RemoteFallback tab={tab} message={messageOf(tab, state.error)} onRetry={retry} />;
  }
  const App = state.value;
  return (
    <ErrorBoundary
      key={attempt}
      fallbackRender={() => (
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
