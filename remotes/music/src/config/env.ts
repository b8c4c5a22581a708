import { loadDotEnv, parseEnv, publicEnvSchema } from '@loofi/shared/config';

/** Reads the build-time environment (and the optional .env); runs in Node at build time. */
export function loadEnv() {
  loadDotEnv();
  return parseEnv(publicEnvSchema, process.env);
}
