import { loadToolingEnv, localOrigin } from '@loofi/tooling/env';
import { APP_IDS } from '@loofi/contracts/apps';
import type { AppId } from '@loofi/contracts/apps';

const toolingEnv = loadToolingEnv();

/** The one list of the composed site's URLs, from the same ports `pnpm start` uses. */
export const APP_URLS = Object.fromEntries(
  APP_IDS.map((app) => [app, localOrigin(app, toolingEnv)]),
) as Record<AppId, string>;
