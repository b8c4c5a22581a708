/**
 * The federation's bundler runtime, downloaded once per page.
 *
 * Module Federation 2.9 lets a remote leave out the runtime's core (`externalRuntime`, read
 * from the page's `_FEDERATION_RUNTIME_CORE`) but not the layer above it: every
 * `remoteEntry.js` would still carry `@module-federation/webpack-bundler-runtime`, with
 * `@module-federation/runtime` and `@module-federation/sdk` (about 10 kB gzip a remote). Our
 * remotes are built with that module external too: their entry reads it from the global
 * below, which the host (or a remote's standalone page) provides from its own copy. So is
 * the start-up Rspack writes into every remote entry around it (`ContainerStartup`).
 *
 * The module is a set of stateless functions plus three pieces of per-container state
 * (`bundlerRuntime.S`, the share scopes; `bundlerRuntimeOptions`; `instance` and
 * `initOptions`, set by each container's start-up): `create` hands each remote entry the
 * same functions around state of its own, as a bundled copy would have.
 */
export const BUNDLER_RUNTIME_GLOBAL = '_LOOFI_FEDERATION_BUNDLER_RUNTIME';

/** The shape of `@module-federation/webpack-bundler-runtime`'s default export we rely on. */
export interface BundlerRuntimeModule {
  bundlerRuntime?: object;
  bundlerRuntimeOptions?: object;
}

/**
 * Rspack's start-up of a federation container: the code its federation plugin writes into
 * every remote entry after a few constants of the container's (about 1.6 kB gzip). The page
 * provides one copy, built from the same template by @loofi/tooling (federation/
 * container-startup.mjs), and each remote's entry calls it with its constants.
 */
export interface ContainerStartup {
  /** A digest of the template's code. */
  digest: string;
  /** The template's code, run for one container (`require` is its entry's). */
  start(require: unknown, constants: Readonly<Record<string, unknown>>): void;
}

export interface BundlerRuntimeProvider {
  /** The version of `@module-federation/webpack-bundler-runtime` the page provides. */
  version: string;
  /** A fresh module for the remote entry built against `version`. */
  create(version: string): BundlerRuntimeModule;
  /**
   * Starts a remote entry's container with the page's start-up. A remote built from another
   * template (`digest`) is refused with an error naming both.
   */
  startContainer(
    digest: string,
    require: unknown,
    constants: Readonly<Record<string, unknown>>,
  ): void;
}

const major = (version: string) => version.split('.')[0];

/**
 * Sets the page's provider once (a second call, say from a remote's standalone script on a
 * page the host already set up, keeps the first). A remote built against another major
 * version is refused with an error naming both, which the host shows as that tab's failure.
 */
export function provideBundlerRuntime(
  module: BundlerRuntimeModule,
  version: string,
  startup: ContainerStartup,
  global: Record<string, unknown> = globalThis as unknown as Record<string, unknown>,
): BundlerRuntimeProvider {
  const provider: BundlerRuntimeProvider = {
    version,
    startContainer(digest, require, constants) {
      if (digest !== startup.digest) {
        throw new Error(
          `This remote was built with another start-up of Rspack's federation containers (${digest}), the page provides ${startup.digest}.`,
        );
      }
      startup.start(require, constants);
    },
    create(wanted) {
      if (major(wanted) !== major(version)) {
        throw new Error(
          `This remote was built with Module Federation ${wanted}, the page provides ${version}.`,
        );
      }
      return {
        ...module,
        instance: undefined,
        initOptions: undefined,
        bundlerRuntime: { ...module.bundlerRuntime, S: {} },
        bundlerRuntimeOptions: {},
      };
    },
  };
  global[BUNDLER_RUNTIME_GLOBAL] ??= provider;
  return global[BUNDLER_RUNTIME_GLOBAL] as BundlerRuntimeProvider;
}

/** The expression a remote's build puts where the bundler runtime's module would be. */
export function bundlerRuntimeExpression(version: string): string {
  return `globalThis[${JSON.stringify(BUNDLER_RUNTIME_GLOBAL)}].create(${JSON.stringify(version)})`;
}
