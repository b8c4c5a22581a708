import { APPS, sharedSingletons } from '@loofi/contracts/apps';
import type { RemoteFederationConfig } from '@loofi/tooling/rspack';

// What rspack.config.ts passes to the federation plugin (with the options every remote
// shares: see defineRemote in @loofi/tooling/rspack).
export default {
  name: APPS.music.federationName,
  // The one module the host loads: the tab, mounted with the host's RemoteProps.
  exposes: { './App': './src/expose.tsx' },
  // The singletons the host provides, listed once in @loofi/contracts/apps; the remote's own
  // copies serve only its standalone page.
  shared: sharedSingletons(),
} satisfies RemoteFederationConfig;
