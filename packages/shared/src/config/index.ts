export { parseEnv } from './parse-env';
export { publicEnvSchema } from './public-env';
