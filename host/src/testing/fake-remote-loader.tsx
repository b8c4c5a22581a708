import { CONTRACT_VERSION, TAB_LABELS, TAB_NAMES } from '@loofi/contracts';
import type { RemoteApp, RemoteModule, TabName } from '@loofi/contracts';
import { APPS, REMOTE_IDS, remotesManifestFor } from '@loofi/contracts/apps';
import { RemoteLoader } from '../features/remotes/remote-loader';
import type { FederationRuntime } from '../features/remotes/remote-loader';

/** A remote that only names itself: a region "<Label> remote". */
const namedRemote =
  (tab: TabName): RemoteApp =>
  () => <section aria-label={`${TAB_LABELS[tab]} remote`} />;

/**
 * The host's remote loader over a fake federation runtime, for component tests: each tab
 * serves `apps[tab]` (else a remote that names itself), and the first `failures` loads fail
 * as a dropped connection would. A tab in `arrivals` arrives only when its promise settles.
 */
export function fakeRemoteLoader(
  apps: Partial<Record<TabName, RemoteApp>> = {},
  {
    failures = 0,
    arrivals = {},
  }: { failures?: number; arrivals?: Partial<Record<TabName, Promise<void>>> } = {},
): RemoteLoader {
  let calls = 0;
  const runtime: FederationRuntime = {
    registerRemotes: () => undefined,
    async loadRemote<T>(id: string) {
      calls += 1;
      if (calls <= failures) throw new Error('Failed to fetch');
      const tab = TAB_NAMES.find((name) => id.startsWith(`${APPS[name].federationName}/`));
      if (!tab) throw new Error(`No remote ${id}`);
      await arrivals[tab];
      const module: RemoteModule = {
        default: apps[tab] ?? namedRemote(tab),
        CONTRACT_VERSION,
      };
      return module as T;
    },
    prefetchManifest: () => undefined,
  };
  const origins = Object.fromEntries(REMOTE_IDS.map((tab) => [tab, `https://${tab}.test`]));
  return new RemoteLoader(
    runtime,
    async () => remotesManifestFor(origins as Record<TabName, string>),
    CONTRACT_VERSION,
  );
}
