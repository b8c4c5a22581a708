import type { BackendChoice } from '@loofi/backend';

/** The host's own build-time configuration, beyond the `PublicConfig` it hands to remotes. */
export interface HostConfig {
  /** The e-mails allowed to sign in (SPEC §4); empty when none is configured. */
  whitelist: readonly string[];
  beta: { allowed: true; url: string } | { allowed: false };
  backend: BackendChoice;
}

declare global {
  /** The parsed host configuration (./env.ts), inlined by the build. */
  const __LOOFI_HOST_CONFIG__: HostConfig;
}
