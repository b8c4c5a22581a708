/**
 * The site's one Trusted Types policy for script URLs, by name: in the policy header's
 * `trusted-types` list and in every build's `output.trustedTypes` (the policy itself is
 * @loofi/federation's sitePolicy).
 */
export const SCRIPT_POLICY_NAME = 'loofi';

/**
 * The name Trusted Types gives the policy applied to plain strings that reach a sink without
 * passing through a named one: only a production Firebase build has one (`admitThirdParty`).
 */
export const DEFAULT_POLICY_NAME = 'default';
