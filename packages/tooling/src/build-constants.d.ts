import type { PublicConfig } from '@loofi/shared/contracts';

declare global {
  /** The app's parsed build-time configuration (its src/config/env.ts), inlined by the build. */
  const __LOOFI_CONFIG__: PublicConfig;
  /**
   * The contract version this app was built against, inlined by the build: `@loofi/shared` is
   * a shared singleton, so importing the constant at runtime could read another app's copy.
   */
  const __CONTRACT_VERSION__: number;
}
