/**
 * The singletons every app shares through Module Federation, defined once.
 *
 * The host is not built with the federation plugin: it bundles React, rxjs and MUI like any
 * single-page app (tree-shaken, no federation code in its first script) and, once the owner
 * is signed in, hands these exact modules to the federation runtime (see the host's
 * `features/remotes/shared-modules.ts`, whose types require every key below). Remotes
 * consume them; their own copies are fallbacks, used only when a remote runs standalone
 * (Firebase's excepted, see below).
 *
 * Keys are exact import specifiers, never package prefixes: a remote importing a subpath
 * the host does not provide would otherwise silently run a second copy. MUI is shared as two
 * kit modules (`@loofi/ui-kit`) rather than one module per component, so a remote costs
 * one request for it. Icons are not shared: each is a few hundred bytes, drawn with the
 * shared `SvgIcon`. Our other packages (`@loofi/contracts`, `@loofi/ui`, `@loofi/backend`) are not shared either: they hold no state, so each app
 * bundles the version it was built against.
 *
 * The Firebase SDK is different: only a Firebase build's host has it (the local build must
 * not carry a byte of it), and it holds the app registry and the signed-in user, so a
 * second copy in a remote would be a second, signed-out SDK. Its entry points are marked
 * `firebase: true`: the host of a Firebase build provides them, loaded when a remote first
 * asks, and remotes bundle no copy of their own.
 *
 * rxjs is shared tree-shaken, the way Module Federation's shared tree shaking does it in its
 * `runtime-infer` mode: each remote's build records which of rxjs's exports it uses (its
 * entry sets them at run time) and the host offers two versions of the one singleton, the
 * exports in `RXJS_SHARED_EXPORTS` (the same objects its own code runs with, in its first
 * chunks) and all of rxjs (a chunk of its own, fetched only for a remote that uses an export
 * outside that list, such as one deployed after the host and using a new operator).
 */
export interface SharedDependency {
  singleton: true;
  requiredVersion: string | false;
  /** `false`: no fallback is bundled, the module must come from the host. */
  import?: false;
  /** The remote's build records the exports it uses, so a host can offer it fewer. */
  treeShaking?: { mode: 'runtime-infer' };
}

interface SingletonOptions {
  /** The range a remote accepts; by default any (the workspace catalog pins one version). */
  requiredVersion?: string;
  /** Provided only by the host of a Firebase build, lazily; see above. */
  firebase?: true;
  /** Offered tree-shaken to the remotes whose used exports it covers; see above. */
  treeShaken?: true;
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
  rxjs: { treeShaken: true },
  '@loofi/ui-kit/base': { requiredVersion: UI_KIT_VERSION },
  '@loofi/ui-kit': { requiredVersion: UI_KIT_VERSION },
  // What every `@mui/icons-material` icon imports; it is part of the base kit's code.
  '@mui/material/SvgIcon': {},
  // The SDK's entry points that the Firebase backend (@loofi/backend/firebase) imports.
  'firebase/app': { firebase: true },
  'firebase/auth': { firebase: true },
  'firebase/database': { firebase: true },
  'firebase/firestore': { firebase: true },
} as const satisfies Record<string, SingletonOptions>;

export type SharedKey = keyof typeof SHARED_SINGLETONS;

/**
 * The rxjs exports the host offers a remote without fetching the rest of rxjs: every one
 * this workspace's remotes use (their builds list them; e2e/composition.spec.ts fails when a
 * walk through the tabs fetches all of rxjs). Each costs the host the code of that export.
 */
export const RXJS_SHARED_EXPORTS = [
  'BehaviorSubject',
  'NEVER',
  'Observable',
  'Subject',
  'catchError',
  'combineLatest',
  'distinctUntilChanged',
  'filter',
  'from',
  'fromEvent',
  'map',
  'merge',
  'of',
  'startWith',
  'switchMap',
  'take',
] as const;

export type RxjsSharedExport = (typeof RXJS_SHARED_EXPORTS)[number];
export const SHARED_KEYS = Object.keys(SHARED_SINGLETONS) as SharedKey[];

/** The keys only the host of a Firebase build provides. */
export type FirebaseSharedKey = {
  [K in SharedKey]: (typeof SHARED_SINGLETONS)[K] extends { firebase: true } ? K : never;
}[SharedKey];

/** The keys every host provides, whatever its backend. */
export type HostSharedKey = Exclude<SharedKey, FirebaseSharedKey>;

/** The version of each singleton a host provides (the Firebase SDK's in a Firebase build only). */
export type SharedVersions = Record<HostSharedKey, string> &
  Partial<Record<FirebaseSharedKey, string>>;

const optionsOf = (key: SharedKey): SingletonOptions => SHARED_SINGLETONS[key];

export function isFirebaseSharedKey(key: SharedKey): key is FirebaseSharedKey {
  return optionsOf(key).firebase === true;
}

export const FIREBASE_SHARED_KEYS = SHARED_KEYS.filter(isFirebaseSharedKey);

/** The npm package a share key belongs to (`@mui/material/SvgIcon` → `@mui/material`). */
export function packageOfSharedKey(key: SharedKey): string {
  const parts = key.split('/');
  return key.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The `shared` option of a remote's federation config. */
export function sharedSingletons(): Record<SharedKey, SharedDependency> {
  const shared = {} as Record<SharedKey, SharedDependency>;
  for (const key of SHARED_KEYS) {
    const options = optionsOf(key);
    shared[key] = {
      singleton: true,
      requiredVersion: options.requiredVersion ?? false,
      // No fallback copy of Firebase, measured with e2e/fixtures/firebase-remote: one costs
      // the remote's build 47 kB gzip (app and auth) that a matching version never
      // downloads, but a remote built against a newer SDK takes its own (the runtime
      // prefers the higher of two versions neither has loaded, and the host's is lazy) and
      // sees no app and no owner. Without one the host's is the only candidate; a remote on
      // its own page runs the local backend, which never imports Firebase.
      ...(options.firebase ? { import: false as const } : {}),
      ...(options.treeShaken ? { treeShaking: { mode: 'runtime-infer' as const } } : {}),
    };
  }
  return shared;
}
