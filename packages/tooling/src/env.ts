import { z } from 'zod';
import { APPS, APP_IDS } from '@loofi/contracts/apps';
import type { AppId } from '@loofi/contracts/apps';
import { loadDotEnv, parseEnv } from './config';

const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);

/** Each app's port: `HOST_PORT`, `HOME_PORT`, … (the app manifest's variables and defaults). */
const portsSchema = z
  .object(
    Object.fromEntries(APP_IDS.map((app) => [APPS[app].portVariable, port(APPS[app].defaultPort)])),
  )
  .transform(
    (ports) =>
      Object.fromEntries(APP_IDS.map((app) => [app, ports[APPS[app].portVariable]])) as Record<
        AppId,
        number
      >,
  );

/** The environment of the build and serve tooling: the mode and the apps' ports. */
const toolingEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /**
   * The origins allowed to load the remotes' files, comma + space separated; `:*` matches
   * any port. Default: the local site on loopback.
   */
  HOST_ORIGINS: z
    .string()
    .default('http://localhost:*, http://127.0.0.1:*')
    .transform((value) => value.split(', ').filter(Boolean)),
  /**
   * Compatibility tests only: build as if against another contract version, to prove how
   * a host and remotes of different releases compose.
   */
  LOOFI_CONTRACT_VERSION: z.coerce.number().positive().optional(),
  /**
   * Version-skew tests only: salts every content hash, so the same code builds into files of
   * other names, as a redeploy of changed code does.
   */
  LOOFI_HASH_SALT: z.string().min(1).optional(),
  /** Build into this folder instead of the app's dist/ (variant builds in the tests). */
  OUT_DIR: z.string().min(1).optional(),
});

export type ToolingEnv = z.infer<typeof toolingEnvSchema> & { ports: Record<AppId, number> };

export function loadToolingEnv(source: NodeJS.ProcessEnv = process.env): ToolingEnv {
  if (source === process.env) loadDotEnv();
  return { ...parseEnv(toolingEnvSchema, source), ports: parseEnv(portsSchema, source) };
}

export function portOf(app: AppId, env: ToolingEnv): number {
  return env.ports[app];
}

export function localOrigin(app: AppId, env: ToolingEnv): string {
  return `http://localhost:${portOf(app, env)}`;
}
