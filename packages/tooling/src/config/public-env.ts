import { z } from 'zod';
import { loadDotEnv } from './dot-env';
import { parseEnv } from './parse-env';
import { APP_NAME } from '@loofi/contracts';
import type { PublicConfig } from '@loofi/contracts';

const optionalUrl = (fallback: string) => z.url({ protocol: /^https?$/ }).default(fallback);
const REPOSITORY = 'https://github.com/loofi-music/loofi';

/**
 * The build-time variables every app reads into its `PublicConfig`. Each has a default,
 * so the local build needs none of them.
 */
export const publicEnvShape = {
  LOOFI_VERSION: z.string().min(1).default('1.0.0-beta'),
  GITHUB_URL: optionalUrl(REPOSITORY),
  FEEDBACK_URL: optionalUrl(`${REPOSITORY}/issues/new`),
  CHANGELOG_URL: optionalUrl(`${REPOSITORY}/releases`),
  CONTRIBUTORS_URL: optionalUrl(`${REPOSITORY}/graphs/contributors`),
  JAMENDO_CLIENT_ID: z.string().trim().min(1).optional(),
  JAMENDO_API_URL: optionalUrl('https://api.jamendo.com/v3.0'),
  SCRAPE_PROXY_URL: z
    .string()
    .default('https://api.allorigins.win/get?url={url}')
    .refine((value) => value.includes('{url}'), 'must contain the placeholder {url}')
    .refine((value) => /^https?:\/\//.test(value), 'must be an http(s) URL'),
  AUDIO_ORIGINS: z
    .string()
    .default('')
    .transform((value) => value.split(/[\s,]+/).filter(Boolean))
    .pipe(
      z.array(
        z
          .url({ protocol: /^https$/, error: 'must list https origins' })
          .transform((url) => new URL(url).origin),
      ),
    ),
};

type PublicEnv = z.infer<z.ZodObject<typeof publicEnvShape>>;

export function toPublicConfig(env: PublicEnv): PublicConfig {
  return {
    appName: APP_NAME,
    version: env.LOOFI_VERSION,
    links: {
      github: env.GITHUB_URL,
      feedback: env.FEEDBACK_URL,
      changelog: env.CHANGELOG_URL,
      contributors: env.CONTRIBUTORS_URL,
    },
    ...(env.JAMENDO_CLIENT_ID ? { jamendoClientId: env.JAMENDO_CLIENT_ID } : {}),
    jamendoApiUrl: env.JAMENDO_API_URL,
    scrapeProxyUrl: env.SCRAPE_PROXY_URL,
    ...(env.AUDIO_ORIGINS.length > 0 ? { audioOrigins: env.AUDIO_ORIGINS } : {}),
  };
}

export const publicEnvSchema = z.object(publicEnvShape).transform(toPublicConfig);

/** A remote's build-time configuration: the environment (and the optional .env), in Node. */
export function loadPublicEnv(): PublicConfig {
  loadDotEnv();
  return parseEnv(publicEnvSchema, process.env);
}
