export { parseEnv } from './parse-env';
export { loadPublicEnv, publicEnvShape, toPublicConfig } from './public-env';
export { chooseBackend, firebaseEnvShape } from './firebase-env';
export { loadDotEnv } from './dot-env';
