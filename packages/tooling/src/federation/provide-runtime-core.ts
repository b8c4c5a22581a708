// A remote's standalone page runs this script before its entry. Remotes are built without
// the federation runtime's core (`externalRuntime`: they read it from this global, which the
// host sets when it composes them), without its bundler runtime and without Rspack's
// container start-up (both read through @loofi/contracts/apps' provider), so on a page of its
// own a remote needs these copies.
import * as runtimeCore from '@module-federation/runtime-core';
import bundlerRuntime from '@module-federation/webpack-bundler-runtime';
import { provideBundlerRuntime, sitePolicy } from '@loofi/contracts/apps';

// First of all, the page's one Trusted Types policy: the entry's runtime asks for it by name
// when it loads its first chunk (@loofi/contracts/apps' trusted-scripts).
sitePolicy();

const global = globalThis as { _FEDERATION_RUNTIME_CORE?: unknown };
global._FEDERATION_RUNTIME_CORE ??= runtimeCore;
provideBundlerRuntime(
  bundlerRuntime,
  __LOOFI_BUNDLER_RUNTIME_VERSION__,
  __LOOFI_CONTAINER_STARTUP__,
);
