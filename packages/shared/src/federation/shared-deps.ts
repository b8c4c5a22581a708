/**
 * The singletons every app shares through Module Federation, defined once.
 *
 * Every shared module that is not in a page's first script costs that page a request, so
 * the list is short and coarse: React, rxjs, and MUI as two kit modules (`@loofi/ui-kit`)
 * instead of one module per component. The host provides the first-paint part *eagerly*
 * (inside its first script, with no request of its own); the rest it provides lazily, and
 * remotes only consume what the host provides. A remote's own copies are fallbacks, used
 * when it runs standalone. Icons are not shared: each is a few hundred bytes, drawn with
 * the shared `SvgIcon`. `@loofi/shared` is not shared either: it holds no state, so each
 * app bundles the version it was built against.
 */
export interface SharedDependency {
  singleton: true;
  requiredVersion: string | false;
  strictVersion?: boolean;
  /** Bundled into the first script of the app that provides it (the host). */
  eager?: boolean;
  /** The provided version, where the build cannot read it from the module's package.json. */
  version?: string;
}

/** `@loofi/ui-kit`'s own version; `workspace:*` would otherwise become the required version. */
const UI_KIT_VERSION = '^1.0.0';

/**
 * Share keys: an import specifier, or a prefix ending in '/' that shares each subpath
 * import of that package. `eager` marks what the host's first script carries: everything
 * the sign-in page renders with.
 */
export const SHARED_SINGLETONS = {
  react: { eager: true },
  'react/': { eager: true },
  'react-dom': { eager: true },
  'react-dom/': { eager: true },
  rxjs: { eager: true },
  'rxjs/': { eager: true },
  '@loofi/ui-kit/base': { eager: true, requiredVersion: UI_KIT_VERSION },
  // What every `@mui/icons-material` icon imports; it is part of the base kit's code.
  '@mui/material/SvgIcon': { eager: true },
  '@loofi/ui-kit': { eager: false, requiredVersion: UI_KIT_VERSION },
  'firebase/': { eager: false },
} as const satisfies Record<string, { eager: boolean; requiredVersion?: string }>;

export type SharedKey = keyof typeof SHARED_SINGLETONS;
const SHARED_SINGLETON_KEYS = Object.keys(SHARED_SINGLETONS) as SharedKey[];

/**
 * The `shared` option of an app's federation config. Versions of npm packages come from
 * each app's package.json, which all take them from the workspace catalog.
 */
export function sharedSingletons({
  provider,
  firebaseVersion,
}: {
  /** The host provides eagerly; remotes provide only fallbacks and load them on demand. */
  provider: boolean;
  /**
   * Firebase's subpath entries (firebase/app …) sit in folders whose package.json has no
   * version, so the build cannot tell which version it provides: the build passes it.
   */
  firebaseVersion?: string;
}): Record<string, SharedDependency> {
  const shared: Record<string, SharedDependency> = {};
  for (const key of SHARED_SINGLETON_KEYS) {
    const options: { eager: boolean; requiredVersion?: string } = SHARED_SINGLETONS[key];
    shared[key] = {
      singleton: true,
      requiredVersion: options.requiredVersion ?? false,
      ...(provider && options.eager ? { eager: true } : {}),
      ...(key === 'firebase/' && firebaseVersion ? { version: firebaseVersion } : {}),
    };
  }
  return shared;
}
