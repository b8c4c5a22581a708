/**
 * The federation's bundler runtime, downloaded once per page.
 *
 * Module Federation 2.9 lets a remote leave out the runtime's core (`externalRuntime`) but
 * not the layer above it: every `remoteEntry.js` would still carry
 * `@module-federation/webpack-bundler-runtime`, with `@module-federation/runtime` and
 * `@module-federation/sdk` (about 10 kB gzip a remote). Our remotes' builds make that module
 * external (`bundlerRuntimeExpression` in @loofi/contracts/apps): their entry asks this
 * registry for the version it was built with and gets the page's copy of that major.
 *
 * The internal touched: the module is a set of stateless functions plus per-container state
 * (`instance`, `initOptions`, `bundlerRuntime.S`, `bundlerRuntimeOptions`), which `create`
 * makes fresh for each entry, as a bundled copy would have; bundler-runtime.test.ts fails
 * when the installed module's shape changes.
 */
import { BUNDLER_RUNTIME_GLOBAL } from '@loofi/contracts/apps';

/** The shape of `@module-federation/webpack-bundler-runtime`'s default export we rely on. */
export interface BundlerRuntimeModule {
  instance?: unknown;
  initOptions?: unknown;
  bundlerRuntime?: object;
  bundlerRuntimeOptions?: object;
}

/** The module's fields that hold one container's state, made fresh for each remote entry. */
export const BUNDLER_RUNTIME_STATE = {
  module: ['instance', 'initOptions', 'bundlerRuntimeOptions'],
  bundlerRuntime: ['S'],
} as const;

/** The file the federation plugin imports the bundler runtime from, as externals see it. */
export const BUNDLER_RUNTIME_ENTRY =
  /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]index\.c?js$/;

/** The page's copies of the bundler runtime, one per major version. */
export interface BundlerRuntimeRegistry {
  /** Adds a copy; the first copy of a major stays (the host's, on the host's page). */
  provide(module: BundlerRuntimeModule, version: string): void;
  /** Whether a remote built against `version` gets a copy here. */
  serves(version: string): boolean;
  /** A fresh module for a remote entry built against `version`, from the copy of its major. */
  create(version: string): BundlerRuntimeModule;
}

const majorOf = (version: string) => version.split('.')[0] ?? version;

function fresh(module: BundlerRuntimeModule): BundlerRuntimeModule {
  return {
    ...module,
    instance: undefined,
    initOptions: undefined,
    bundlerRuntime: { ...module.bundlerRuntime, S: {} },
    bundlerRuntimeOptions: {},
  };
}

const isRegistry = (value: unknown): value is BundlerRuntimeRegistry =>
  typeof value === 'object' && value !== null && 'serves' in value && 'provide' in value;

/** The page's registry, made on first use. */
export function bundlerRuntimeRegistry(
  global: Record<string, unknown> = globalThis as unknown as Record<string, unknown>,
): BundlerRuntimeRegistry {
  const existing = global[BUNDLER_RUNTIME_GLOBAL];
  if (isRegistry(existing)) return existing;
  const copies = new Map<string, BundlerRuntimeModule>();
  const registry: BundlerRuntimeRegistry = {
    provide(module, version) {
      if (!copies.has(majorOf(version))) copies.set(majorOf(version), module);
    },
    serves: (version) => copies.has(majorOf(version)),
    create(version) {
      const module = copies.get(majorOf(version));
      if (!module) {
        // Reached only when the remote's own copy could not be loaded either.
        throw new Error(
          `This page has no copy of Module Federation ${majorOf(version)}.x for a remote built with ${version}.`,
        );
      }
      return fresh(module);
    },
  };
  global[BUNDLER_RUNTIME_GLOBAL] = registry;
  // What the page holds is what remote entries will read.
  return global[BUNDLER_RUNTIME_GLOBAL] as BundlerRuntimeRegistry;
}

/** Adds the page's copy of `version` to the registry (made if the page has none yet). */
export function provideBundlerRuntime(
  module: BundlerRuntimeModule,
  version: string,
  global?: Record<string, unknown>,
): BundlerRuntimeRegistry {
  const registry = bundlerRuntimeRegistry(global);
  registry.provide(module, version);
  return registry;
}
