import { z } from 'zod';
import { APPS } from '@loofi/contracts/apps';
import type { AppId } from '@loofi/contracts/apps';
import { loadDotEnv, parseEnv } from '@loofi/tooling/config';

const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);

/** The environment of the build and serve tooling: the mode and the four apps' ports. */
const toolingEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST_PORT: port(APPS.host.defaultPort),
  HOME_PORT: port(APPS.home.defaultPort),
  MUSIC_PORT: port(APPS.music.defaultPort),
  SETTINGS_PORT: port(APPS.settings.defaultPort),
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
  /** Build into this folder instead of the app's dist/ (variant builds in the tests). */
  OUT_DIR: z.string().min(1).optional(),
});

export type ToolingEnv = z.infer<typeof toolingEnvSchema>;

export function loadToolingEnv(source: NodeJS.ProcessEnv = process.env): ToolingEnv {
  if (source === process.env) loadDotEnv();
  return parseEnv(toolingEnvSchema, source);
}

export function portOf(app: AppId, env: ToolingEnv): number {
  const ports: Record<AppId, number> = {
    host: env.HOST_PORT,
    home: env.HOME_PORT,
    music: env.MUSIC_PORT,
    settings: env.SETTINGS_PORT,
  };
  return ports[app];
}

export function localOrigin(app: AppId, env: ToolingEnv): string {
  return `http://localhost:${portOf(app, env)}`;
}
