/**
 * Where a remote entry reads the federation's bundler runtime from: a registry on the page
 * (@loofi/federation's bundlerRuntimeRegistry), which the host or the remote's own runtime
 * script fills.
 */
export const BUNDLER_RUNTIME_GLOBAL = '_LOOFI_FEDERATION_BUNDLER_RUNTIME';

/** The expression a remote's build puts where the bundler runtime's module would be. */
export function bundlerRuntimeExpression(version: string): string {
  return `globalThis[${JSON.stringify(BUNDLER_RUNTIME_GLOBAL)}].create(${JSON.stringify(version)})`;
}
