// A remote's standalone page runs this script before its entry. Remotes are built without
// the federation runtime's core (`externalRuntime`: they read it from this global, which the
// host sets when it composes them), so on a page of its own a remote needs this copy.
import * as runtimeCore from '@module-federation/runtime-core';

const global = globalThis as { _FEDERATION_RUNTIME_CORE?: unknown };
global._FEDERATION_RUNTIME_CORE ??= runtimeCore;
