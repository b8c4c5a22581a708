import { existsSync } from 'node:fs';
import { z } from 'zod';
import { parseEnv } from '@loofi/tooling/config';

/**
 * Debian's `chromium-headless-shell`: Chromium's old headless mode, the build Playwright
 * itself runs headless tests in. A dashboard load costs it half the CPU of the full browser.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** What the composition tests read from their environment, parsed once. */
export const e2eEnv = parseEnv(
  z.object({
    CI: z.stringbool().default(false),
    /** Start the suite's variant builds in the background as the run starts (`pnpm e2e`). */
    E2E_PREBUILD: z.stringbool().default(false),
    /**
     * The browser: the headless shell where it is installed, else Debian's Chromium (which a
     * `--headed` run needs). Playwright never downloads a browser of its own.
     */
    CHROMIUM_PATH: z
      .string()
      .min(1)
      .default(existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  }),
  process.env,
);
