import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { parseEnv } from '@loofi/tooling/config';
import { WORKSPACE_ROOT } from '@loofi/tooling/serve';

export const USAGE = `Usage: pnpm bench [options]

  --quick              one run, unthrottled, no Firebase, no 10,000-track table, and no
                       build when every dist/ exists
  --against <url>      also measure another deployed copy (any URL with /auth), side by side
  --runs <n>           fresh contexts per figure, the median is reported (default 5, quick 1)
  --build-dir <dir>    build into <dir>/<app> instead of each app's dist/, so a running
                       \`pnpm serve\` or e2e run keeps its files
  --skip-build         measure the builds as they are (the build time is then n/a)
  --skip-firebase      do not build and measure the Firebase (emulators) variant
  --results <file>     where to write the JSON (default bench/results.json)
  --soak [minutes]     only the soak: the player left on through outages and stalls
                       (default 20 minutes; builds only what is missing)
  --help               this text

Environment: CHROMIUM_PATH (default /usr/bin/chromium).`;

const argsSchema = z.object({
  quick: z.boolean().default(false),
  against: z
    .url({ protocol: /^https?$/ })
    .transform((url) => url.replace(/\/+$/, '').replace(/\/auth$/, ''))
    .optional(),
  runs: z.coerce.number().int().min(1).max(25).optional(),
  'build-dir': z.string().min(1).optional(),
  'skip-build': z.boolean().default(false),
  'skip-firebase': z.boolean().default(false),
  results: z
    .string()
    .min(1)
    .default(path.join(WORKSPACE_ROOT, 'bench', 'results.json')),
  soak: z.boolean().default(false),
  help: z.boolean().default(false),
});

const DEFAULT_SOAK_MINUTES = 20;
const soakMinutes = z.coerce
  .number()
  .int()
  .min(1)
  .max(24 * 60);

const envSchema = z.object({
  /** Debian's Chromium; Playwright never downloads a browser of its own. */
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
});

/** How the builds are obtained: cold (timed), only when missing, or not at all. */
export type BuildMode = 'cold' | 'if-missing' | 'skip';

export interface BenchPlan {
  quick: boolean;
  /** Fresh contexts per figure; the median is reported. */
  runs: number;
  /** Also measure under Slow 4G + CPU slowdown 2. */
  throttled: boolean;
  firebase: boolean;
  bigTable: boolean;
  build: BuildMode;
  /** Build into <dir>/<app> instead of the apps' dist/ folders. */
  buildDir: string | null;
  against: string | null;
  chromiumPath: string;
  resultsPath: string;
  /** `--soak`: its length in minutes; nothing else is measured. */
  soakMinutes: number | null;
}

export type ParsedCommand = { help: true } | { help: false; plan: BenchPlan };

/** Reads the command line and the environment, failing loudly on a bad value. */
export function parseCommand(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): ParsedCommand {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: {
      quick: { type: 'boolean' },
      against: { type: 'string' },
      runs: { type: 'string' },
      'build-dir': { type: 'string' },
      'skip-build': { type: 'boolean' },
      'skip-firebase': { type: 'boolean' },
      results: { type: 'string' },
      soak: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    // `--soak 240`: the minutes follow the flag; nothing else takes a bare value.
    allowPositionals: true,
  });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  --${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid arguments:\n${problems.join('\n')}\n\n${USAGE}`);
  }
  const args = parsed.data;
  if (args.help) return { help: true };
  if (positionals.length > (args.soak ? 1 : 0)) {
    throw new Error(`Unexpected argument: ${positionals.join(' ')}\n\n${USAGE}`);
  }
  const minutes = soakMinutes.safeParse(positionals[0] ?? DEFAULT_SOAK_MINUTES);
  if (!minutes.success) {
    throw new Error(
      `Invalid arguments:\n  --soak: whole minutes from 1, not ${positionals[0]}\n\n${USAGE}`,
    );
  }
  const { CHROMIUM_PATH } = parseEnv(envSchema, env);
  const quick = args.quick;
  const build: BuildMode = args['skip-build'] ? 'skip' : quick || args.soak ? 'if-missing' : 'cold';
  return {
    help: false,
    plan: {
      quick,
      runs: args.runs ?? (quick ? 1 : 5),
      throttled: !quick,
      firebase: !quick && !args['skip-firebase'],
      bigTable: !quick,
      build,
      buildDir: args['build-dir'] ? path.resolve(args['build-dir']) : null,
      against: args.against ?? null,
      chromiumPath: CHROMIUM_PATH,
      resultsPath: path.resolve(args.results),
      soakMinutes: args.soak ? minutes.data : null,
    },
  };
}
