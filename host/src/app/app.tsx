import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { LoofiThemeProvider } from '@loofi/shared/ui';
import { createFederationRuntime } from '../features/remotes/federation-runtime';
import { RemoteLoader } from '../features/remotes/remote-loader';
import { fetchRemotesManifest } from '../features/remotes/remotes-manifest';
import { Shell } from './shell';

function createRouter() {
  const loader = new RemoteLoader(
    createFederationRuntime(),
    () => fetchRemotesManifest(),
    __CONTRACT_VERSION__,
  );
  return createBrowserRouter([{ path: '/', element: <Shell loader={loader} /> }]);
}

export function App() {
  const [router] = useState(createRouter);
  return (
    <LoofiThemeProvider>
      <RouterProvider router={router} />
    </LoofiThemeProvider>
  );
}
