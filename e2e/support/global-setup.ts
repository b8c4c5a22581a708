import { e2eEnv } from './env';
import { SUITE_BUILDS } from './suite-builds';
import { buildInBackground, shareBuilds } from './variant-build';

/**
 * One folder of builds for the whole run, removed at its end. With E2E_PREBUILD (`pnpm e2e`),
 * the suite's variant builds start at once in the background rather than inside the specs
 * that need them, which then usually find them done.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const removeBuilds = await shareBuilds();
  const background = e2eEnv.E2E_PREBUILD ? buildInBackground(SUITE_BUILDS) : null;
  return async () => {
    background?.stop();
    await background?.done;
    await removeBuilds();
  };
}
