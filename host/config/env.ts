import { z } from 'zod';
import {
  chooseBackend,
  firebaseEnvShape,
  loadDotEnv,
  parseEnv,
  publicEnvShape,
  toPublicConfig,
} from '@loofi/tooling/config';
import { parseWhitelist } from '@loofi/contracts';
import type { PublicConfig } from '@loofi/contracts';
import type { HostConfig } from '../src/config/host-config';

/** The local backend's account chooser pre-fills this address, so a fresh clone just works. */
export const DEFAULT_LOCAL_WHITELIST = 'owner@loofi.local';

const hostEnvSchema = z
  .object({
    ...publicEnvShape,
    ...firebaseEnvShape,
    /** Unset: the local default (a real Firebase project: none). Set but empty: none. */
    WHITELISTED_EMAILS: z.string().optional(),
    BETA_ALLOWED: z.stringbool().default(false),
    BETA_URL: z.url({ protocol: /^https?$/ }).optional(),
  })
  .transform((env, ctx): { publicConfig: PublicConfig; hostConfig: HostConfig } => {
    const backend = chooseBackend(env, ctx);
    if (env.BETA_ALLOWED && !env.BETA_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['BETA_URL'],
        message: 'is required when BETA_ALLOWED is true',
      });
    }
    // The local backend and the emulators sign in through the local account chooser, which
    // pre-fills the default; a real Firebase project has no default owner.
    const usesChooser = backend.kind === 'local' || backend.emulators !== undefined;
    const whitelist = env.WHITELISTED_EMAILS ?? (usesChooser ? DEFAULT_LOCAL_WHITELIST : '');
    return {
      publicConfig: toPublicConfig(env),
      hostConfig: {
        whitelist: parseWhitelist(whitelist),
        beta:
          env.BETA_ALLOWED && env.BETA_URL
            ? { allowed: true, url: env.BETA_URL }
            : { allowed: false },
        backend,
      },
    };
  });

/** Reads the host's build-time environment (and the optional .env); runs in Node at build time. */
export function loadEnv(source: Record<string, string | undefined> = process.env) {
  if (source === process.env) loadDotEnv();
  return parseEnv(hostEnvSchema, source);
}
