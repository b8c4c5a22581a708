export { parseEnv } from './parse-env';
export { publicEnvSchema, publicEnvShape, toPublicConfig } from './public-env';
export { chooseBackend, firebaseEnvShape } from './firebase-env';
export type { BackendChoice } from './firebase-env';
export { findWorkspaceRoot, loadDotEnv } from './dot-env';
