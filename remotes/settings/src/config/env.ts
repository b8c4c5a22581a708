import { parseEnv, publicEnvSchema } from '@loofi/shared/config';

/** Reads the build-time environment of the standalone page; runs in Node at build time. */
export function loadEnv() {
  return parseEnv(publicEnvSchema, process.env);
}
