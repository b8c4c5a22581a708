export {
  BUILD_FACTS_FILE,
  cacheControl,
  contentSecurityPolicy,
  corsHeaders,
  CSP_REPORT_PATH,
  originAllowed,
  responseHeaders,
  IMMUTABLE,
  LOOPBACK_SOURCES,
  REVALIDATE,
  securityHeaders,
} from './security-headers';
export type { BuildFacts, HeaderInputs } from './security-headers';
