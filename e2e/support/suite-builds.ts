import { APP_URLS } from './apps';
import { variantOf } from './variant-build';
import type { BuildSpec } from './variant-build';

// The builds the specs ask for whose variables are known before the run starts. `pnpm e2e`
// builds them in the background from its start (./global-setup.ts), in the order the specs
// need them; the builds whose variables the run itself decides (a fake's or an emulator's
// port) are made when asked for.

/** Settings' next release (e2e/support/redeploy.ts). */
export const NEXT_SETTINGS_RELEASE = variantOf('settings', { LOOFI_CONTRACT_VERSION: '1.7' });
/** A Home remote of another contract major (e2e/deploy.spec.ts). */
export const HOME_OF_CONTRACT_2 = variantOf('home', { LOOFI_CONTRACT_VERSION: '2' });
/** A host of a newer contract minor (e2e/deploy.spec.ts). */
export const HOST_OF_CONTRACT_1_7 = variantOf('host', { LOOFI_CONTRACT_VERSION: '1.7' });
/** A shell of the previous contract minor (e2e/deploy.spec.ts). */
export const HOST_OF_CONTRACT_1_1 = variantOf('host', { LOOFI_CONTRACT_VERSION: '1.1' });
/** The Beta entry, pointing at a page the run serves anyway: Home's own (e2e/shell.spec.ts). */
export const HOST_WITH_BETA = variantOf('host', {
  BETA_ALLOWED: 'true',
  BETA_URL: `${APP_URLS.home}/`,
});
/** A host built without a whitelist (e2e/sign-in.spec.ts). */
export const HOST_WITHOUT_WHITELIST = variantOf('host', { WHITELISTED_EMAILS: '' });
/** Music's next release: the same code, every chunk under a new name (e2e/version-skew.spec.ts). */
export const NEXT_MUSIC_RELEASE = variantOf('music', { LOOFI_HASH_SALT: 'next-release' });
/** A remote whose `./App` imports Firebase (e2e/fixtures, e2e/firebase/singleton.spec.ts). */
export const FIREBASE_REMOTE: BuildSpec = { packageName: '@loofi/e2e-firebase-remote', env: {} };

/** In the order the specs run (by file name, the `local` project first). */
export const SUITE_BUILDS: readonly BuildSpec[] = [
  NEXT_SETTINGS_RELEASE,
  HOME_OF_CONTRACT_2,
  HOST_OF_CONTRACT_1_7,
  HOST_OF_CONTRACT_1_1,
  HOST_WITH_BETA,
  HOST_WITHOUT_WHITELIST,
  NEXT_MUSIC_RELEASE,
  FIREBASE_REMOTE,
];
