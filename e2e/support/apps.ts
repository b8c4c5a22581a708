import { loadToolingEnv, localOrigin } from '@loofi/tooling/env';
import type { AppId } from '@loofi/contracts/apps';

const toolingEnv = loadToolingEnv();

/** The one list of the composed site's URLs, from the same ports `pnpm start` uses. */
export const APP_URLS: Record<AppId, string> = {
  host: localOrigin('host', toolingEnv),
  home: localOrigin('home', toolingEnv),
  music: localOrigin('music', toolingEnv),
  settings: localOrigin('settings', toolingEnv),
};
