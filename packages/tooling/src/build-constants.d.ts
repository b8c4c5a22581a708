import type { PublicConfig } from '@loofi/shared/contracts';
import type { SharedKey } from '@loofi/shared/federation';

declare global {
  /** The app's parsed build-time configuration (its src/config/env.ts), inlined by the build. */
  const __LOOFI_CONFIG__: PublicConfig;
  /**
   * The contract version this app was built against, inlined by the build (a test build can
   * set another through LOOFI_CONTRACT_VERSION to play an incompatible remote).
   */
  const __CONTRACT_VERSION__: number;
  /** The host only: the version of each shared singleton it bundles, read by its build. */
  const __LOOFI_SHARED_VERSIONS__: Record<SharedKey, string>;
}
