export {
  BUILD_FACTS_FILE,
  cacheControl,
  contentSecurityPolicy,
  corsHeaders,
  originAllowed,
  responseHeaders,
  IMMUTABLE,
  LOOPBACK_SOURCES,
  REVALIDATE,
  REVALIDATED_FILES,
  securityHeaders,
} from './security-headers';
export type { BuildFacts, HeaderInputs } from './security-headers';
