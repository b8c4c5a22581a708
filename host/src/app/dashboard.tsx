import type { ComponentType } from 'react';
import { whenIdle } from '@loofi/ui/async';
import type { Backend } from '@loofi/backend';
import type { HostConfig } from '../config/host-config';
import type { AuthService } from '../features/auth/auth-service';
import type { ConnectionStatus } from '../features/connection/connection-status';
import { readTabSession } from '../features/navigation/tab-session';
import { createFederationRuntime } from '../features/remotes/federation-runtime';
import { RemoteLoader } from '../features/remotes/remote-loader';
import { takeRemotesManifest } from '../features/remotes/remotes-manifest';
import { forgetLegacyStorage } from './legacy-storage';
import { createSessionPorts } from './remote-props';
import { Shell } from './shell';

/**
 * The signed-in part of the composition root, in the dashboard's own chunk: the remote
 * loader and the session's ports are built once, and the tab the owner will land on starts
 * loading at once, before the shell has rendered.
 */
export function createDashboard({
  backend,
  hostConfig,
  auth,
  connection,
}: {
  backend: Backend;
  hostConfig: HostConfig;
  auth: AuthService;
  connection: ConnectionStatus;
}): ComponentType<{ email: string }> {
  const loader = new RemoteLoader(
    createFederationRuntime(),
    takeRemotesManifest,
    __CONTRACT_VERSION__,
  );
  const ports = createSessionPorts(backend);
  loader.load(readTabSession()).catch(() => undefined);
  // What earlier versions kept for a signed-in owner goes once the page is idle.
  whenIdle(() => forgetLegacyStorage());
  // A remote's script that fails to load may mean the remote was redeployed (remote-loader).
  window.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLScriptElement && event.target.src) {
        void loader.checkFailedScript(event.target.src);
      }
    },
    true,
  );

  return function Dashboard({ email }: { email: string }) {
    return (
      <Shell
        loader={loader}
        ports={ports}
        auth={auth}
        email={email}
        hostConfig={hostConfig}
        connection={connection}
        connected$={backend.connection.connected$}
        listeningSession={backend.listeningSession}
        focusSession={backend.focusSession}
        ambienceSettings={backend.ambienceSettings}
      />
    );
  };
}
