import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { LoofiThemeProvider } from '@loofi/shared/ui';
import { createFederationRuntime } from '../features/remotes/federation-runtime';
import { RemoteLoader } from '../features/remotes/remote-loader';
import { fetchRemotesManifest } from '../features/remotes/remotes-manifest';
import { createSessionPorts } from './remote-props';
import { Shell } from './shell';

/** The composition root: created once per page, outside React's render cycle. */
export function createRouter() {
  const loader = new RemoteLoader(
    createFederationRuntime(),
    () => fetchRemotesManifest(),
    __CONTRACT_VERSION__,
  );
  const ports = createSessionPorts();
  return createBrowserRouter([{ path: '/', element: <Shell loader={loader} ports={ports} /> }]);
}

export function App({ router }: { router: ReturnType<typeof createRouter> }) {
  return (
    <LoofiThemeProvider>
      <RouterProvider router={router} />
    </LoofiThemeProvider>
  );
}
