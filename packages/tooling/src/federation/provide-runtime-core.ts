// A remote's own runtime script. Remotes are built without the federation runtime's core
// (`externalRuntime`) and without its bundler runtime (both read from the page), so this
// provides copies: on the remote's standalone page, before its entry; and on a host's page
// whose registry has no copy of this remote's major, loaded by the host before the entry.
import * as runtimeCore from '@module-federation/runtime-core';
import bundlerRuntime from '@module-federation/webpack-bundler-runtime';
import { provideBundlerRuntime, provideRuntimeCore, sitePolicy } from '@loofi/federation';

// First of all, the page's one Trusted Types policy: the entry's runtime asks for it by name
// when it loads its first chunk (a host's page already has it, and keeps it).
sitePolicy();

provideRuntimeCore(runtimeCore, { keepExisting: true });
provideBundlerRuntime(bundlerRuntime, __LOOFI_BUNDLER_RUNTIME_VERSION__);
