import { z } from 'zod';
import { parseEnv } from '@loofi/tooling/config';

/** What the composition tests read from their environment, parsed once. */
export const e2eEnv = parseEnv(
  z.object({
    CI: z.stringbool().default(false),
    /** Start the suite's variant builds in the background as the run starts (`pnpm e2e`). */
    E2E_PREBUILD: z.stringbool().default(false),
    /** Debian's Chromium; Playwright never downloads a browser of its own. */
    CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  }),
  process.env,
);
