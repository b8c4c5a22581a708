import type { PublicConfig } from '@loofi/contracts';
import type { SharedVersions } from '@loofi/contracts/apps';

declare global {
  /** The app's parsed build-time configuration (read by @loofi/tooling/config; the host's in host/config/env.ts), inlined by the build. */
  const __LOOFI_CONFIG__: PublicConfig;
  /**
   * The contract version this app was built against, inlined by the build (a test build can
   * set another through LOOFI_CONTRACT_VERSION to play an incompatible remote).
   */
  const __CONTRACT_VERSION__: number;
  /** Whether this is a production build (false in development builds and in Vitest). */
  const __LOOFI_PRODUCTION__: boolean;
  /** The host only: the version of each shared singleton it bundles, read by its build. */
  const __LOOFI_SHARED_VERSIONS__: SharedVersions;
  /** The host only: the version of the federation's bundler runtime it provides to remotes. */
  const __LOOFI_BUNDLER_RUNTIME_VERSION__: string;
}
