import { APPS, sharedSingletons } from '@loofi/contracts/apps';
import type { HostFederationConfig } from '@loofi/tooling/rspack';

/**
 * The host is built without the federation plugin: its dashboard chunk creates the runtime
 * with `createInstance` (src/features/remotes/federation-runtime.ts), so the sign-in page
 * carries no federation code.
 *
 * Remotes: none at build time. One per tab, read at run time from `/remotes.json` (the tab's
 * `mf-manifest.json` URL; src/features/remotes/remotes-manifest.ts). The build writes the
 * local site's addresses there; a deploy writes the deployed ones.
 */
export default {
  // The name the runtime registers under (it reads `APPS.host.federationName` too, and
  // defineHost refuses another).
  name: APPS.host.federationName,
  // The singletons the remotes consume, listed once in @loofi/contracts/apps. The host
  // provides each as the very module it runs with, the Firebase SDK only in a Firebase build
  // (src/features/remotes/shared-modules.ts); its build records the version of each.
  shared: sharedSingletons(),
} satisfies HostFederationConfig;
