/**
 * The singletons every app shares through Module Federation, defined once.
 *
 * Keys are import specifiers: a key ending in '/' shares every subpath import of that
 * package one module at a time (`@mui/material/Button`), so an app only provides and
 * downloads the modules it uses instead of a whole barrel. Icons are not shared: each is a
 * few hundred bytes, less than what a shared module costs in requests and runtime.
 */
export interface SharedDependency {
  singleton: true;
  requiredVersion: string | false;
  strictVersion?: boolean;
  /** The provided version, where the build cannot read it from the module's package.json. */
  version?: string;
}

const singleton = (requiredVersion: string | false = false): SharedDependency => ({
  singleton: true,
  requiredVersion,
});

/** `@loofi/shared`'s own version; `workspace:*` would otherwise become the required version. */
export const LOOFI_SHARED_VERSION = '^1.0.0';

export const SHARED_SINGLETON_KEYS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  '@emotion/react',
  '@emotion/react/',
  '@emotion/styled',
  '@emotion/cache',
  '@mui/material/',
  '@mui/system',
  '@mui/system/',
  '@mui/styled-engine',
  'rxjs',
  'rxjs/',
  'firebase/',
  '@loofi/shared/',
] as const;

/**
 * The `shared` option of every app's federation config. Versions of npm packages come
 * from each app's package.json, which all take them from the workspace catalog.
 */
export function sharedSingletons(
  /**
   * Firebase's subpath entries (firebase/app …) sit in folders whose package.json has no
   * version, so the build cannot tell which version it provides: the build passes it.
   */
  firebaseVersion?: string,
): Record<string, SharedDependency> {
  const shared: Record<string, SharedDependency> = {};
  for (const key of SHARED_SINGLETON_KEYS) {
    shared[key] = key.startsWith('@loofi/shared') ? singleton(LOOFI_SHARED_VERSION) : singleton();
  }
  if (firebaseVersion) shared['firebase/'] = { ...singleton(), version: firebaseVersion };
  return shared;
}
