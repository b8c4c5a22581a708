/**
 * The singletons every app shares through Module Federation, defined once.
 *
 * The host is not built with the federation plugin: it bundles React, rxjs and MUI like any
 * single-page app (tree-shaken, no federation code in its first script) and, once the owner
 * is signed in, hands these exact modules to the federation runtime (see the host's
 * `features/remotes/shared-modules.ts`, whose type requires every key below). Remotes
 * consume them; their own copies are fallbacks, used only when a remote runs standalone.
 *
 * Keys are exact import specifiers, never package prefixes: a remote importing a subpath
 * the host does not provide would otherwise silently run a second copy. MUI is shared as two
 * kit modules (`@loofi/ui-kit`) rather than one module per component, so a remote costs
 * one request for it. Icons are not shared: each is a few hundred bytes, drawn with the
 * shared `SvgIcon`. Our other packages (`@loofi/contracts`, `@loofi/ui`, `@loofi/backend`) are not shared either: they hold no state, so each app
 * bundles the version it was built against.
 */
export interface SharedDependency {
  singleton: true;
  requiredVersion: string | false;
}

/** `@loofi/ui-kit`'s own version; `workspace:*` would otherwise become the required version. */
const UI_KIT_VERSION = '^1.0.0';

export const SHARED_SINGLETONS = {
  react: {},
  'react/jsx-runtime': {},
  // What development builds compile JSX to.
  'react/jsx-dev-runtime': {},
  'react-dom': {},
  'react-dom/client': {},
  rxjs: {},
  '@loofi/ui-kit/base': { requiredVersion: UI_KIT_VERSION },
  '@loofi/ui-kit': { requiredVersion: UI_KIT_VERSION },
  // What every `@mui/icons-material` icon imports; it is part of the base kit's code.
  '@mui/material/SvgIcon': {},
} as const satisfies Record<string, { requiredVersion?: string }>;

export type SharedKey = keyof typeof SHARED_SINGLETONS;
export const SHARED_KEYS = Object.keys(SHARED_SINGLETONS) as SharedKey[];

/** The npm package a share key belongs to (`@mui/material/SvgIcon` → `@mui/material`). */
export function packageOfSharedKey(key: SharedKey): string {
  const parts = key.split('/');
  return key.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The `shared` option of a remote's federation config. */
export function sharedSingletons(): Record<SharedKey, SharedDependency> {
  const shared = {} as Record<SharedKey, SharedDependency>;
  for (const key of SHARED_KEYS) {
    const options: { requiredVersion?: string } = SHARED_SINGLETONS[key];
    shared[key] = { singleton: true, requiredVersion: options.requiredVersion ?? false };
  }
  return shared;
}
