import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import type { UserOptions } from '@module-federation/runtime-core';
import type { FirebaseSharedModules } from '@loofi/backend/firebase';
import { FIREBASE_SHARED_KEYS, RXJS_SHARED_EXPORTS } from '@loofi/contracts/apps';
import type {
  FirebaseSharedKey,
  HostSharedKey,
  SharedKey,
  SharedVersions,
} from '@loofi/contracts/apps';
import React from 'react';
import ReactJsxRuntime from 'react/jsx-runtime';
import ReactJsxDevRuntime from 'react/jsx-dev-runtime';
import ReactDom from 'react-dom';
import ReactDomClient from 'react-dom/client';
import * as kitBase from '@loofi/ui-kit/base';
// What every `@mui/icons-material` icon imports, provided under its own key.
// eslint-disable-next-line no-restricted-imports
import * as SvgIcon from '@mui/material/SvgIcon';
import { loadFullKit } from '../full-kit/full-kit';
import { RXJS_SHARED } from './rxjs-shared';

type SharedOption = NonNullable<UserOptions['shared']>;
type ProvidedModule = ({ lib: () => unknown } | { get: () => Promise<() => unknown> }) & {
  /**
   * A smaller version of the module, given to a remote whose build used only these exports
   * (Module Federation's `runtime-infer` tree shaking, checked by `treeShakenSharesPlugin`).
   */
  treeShaking?: { mode: 'runtime-infer'; usedExports: string[]; lib: () => unknown };
};

/** The modules a host hands to the federation runtime, by share key. */
export type ProvidedModules = Partial<Record<SharedKey, ProvidedModule>>;

/**
 * How the host hands each singleton to the remotes: the very module objects its own code
 * runs with (already loaded: a remote waits for nothing), except the full UI kit, which is
 * fetched the first time a remote asks for it, and rxjs, whose remotes get the exports the
 * host has (`RXJS_SHARED`) unless they use one more, when all of rxjs is fetched. The
 * CommonJS packages (React, React DOM) are imported as their `module.exports`, which is what
 * a remote's build expects of them.
 *
 * The type requires every key of `SHARED_SINGLETONS` but the Firebase SDK's (which only a
 * Firebase build adds, see `withFirebase`), so a key a remote consumes cannot be forgotten.
 */
export const HOST_MODULES: Record<HostSharedKey, ProvidedModule> = {
  react: { lib: () => React },
  'react/jsx-runtime': { lib: () => ReactJsxRuntime },
  'react/jsx-dev-runtime': { lib: () => ReactJsxDevRuntime },
  'react-dom': { lib: () => ReactDom },
  'react-dom/client': { lib: () => ReactDomClient },
  // All of rxjs is a chunk of its own, for a remote that uses an export the host's own code
  // does not need; the others take the host's objects (RXJS_SHARED_EXPORTS).
  rxjs: {
    get: () => import(/* webpackChunkName: "rxjs-all" */ 'rxjs').then((rxjs) => () => rxjs),
    treeShaking: {
      mode: 'runtime-infer',
      usedExports: [...RXJS_SHARED_EXPORTS],
      lib: () => RXJS_SHARED,
    },
  },
  '@loofi/ui-kit/base': { lib: () => kitBase },
  '@mui/material/SvgIcon': { lib: () => SvgIcon },
  '@loofi/ui-kit': { get: () => loadFullKit().then((kit) => () => kit) },
};

/**
 * `modules` and the Firebase SDK's entry points, as the host of a Firebase build provides
 * them: each taken from `loadSdk` (the backend's own SDK modules) only when a remote asks,
 * so a remote's `getApps()` lists the host's app and its `getAuth()` knows the owner.
 */
export function withFirebase(
  modules: Record<HostSharedKey, ProvidedModule>,
  loadSdk: () => Promise<FirebaseSharedModules>,
): Record<SharedKey, ProvidedModule> {
  const firebase = {} as Record<FirebaseSharedKey, ProvidedModule>;
  for (const key of FIREBASE_SHARED_KEYS) {
    firebase[key] = {
      get: () =>
        loadSdk()
          .then((sdk) => sdk[key]())
          .then((module) => () => module),
    };
  }
  return { ...modules, ...firebase };
}

/**
 * Starts loading the lazily provided modules among `names` (what a remote's manifest says
 * it consumes), so they arrive beside the remote's own scripts rather than after them. A
 * manifest lists only the shared modules its remote imports, so a remote that never
 * imports Firebase starts no Firebase download.
 */
export function startSharedModules(modules: ProvidedModules, names: readonly string[]): void {
  for (const name of names) {
    const module = (modules as Partial<Record<string, ProvidedModule>>)[name];
    // A module with a tree-shaken version is fetched whole only for a remote that needs it.
    if (module && 'get' in module && !module.treeShaking) module.get().catch(() => undefined);
  }
}

/** The `shared` option of the host's federation instance. */
export function hostSharedModules(
  modules: ProvidedModules,
  versions: SharedVersions,
): SharedOption {
  const shared: SharedOption = {};
  for (const [key, module] of Object.entries(modules) as [SharedKey, ProvidedModule][]) {
    shared[key] = {
      ...module,
      version: versions[key],
      scope: 'default',
      shareConfig: { singleton: true, requiredVersion: false },
    };
  }
  return shared;
}

/**
 * A runtime plugin for every federation instance on the page, the remotes' included (a
 * remote's own instance resolves what it consumes). The runtime gives a consumer that asks
 * for tree shaking the provider's tree-shaken version without looking at the exports; this
 * plugin lets it have that version only when the exports its build recorded are all in it,
 * and gives any other consumer the whole module.
 */
export const treeShakenSharesPlugin: ModuleFederationRuntimePlugin = {
  name: 'loofi-tree-shaken-shares',
  resolveShare(args) {
    const { resolver, shareInfo } = args;
    const wanted = shareInfo.treeShaking?.usedExports;
    return {
      ...args,
      resolver: () => {
        const resolved = resolver();
        if (!resolved?.useTreesShaking) return resolved;
        const offered = resolved.shared.treeShaking?.usedExports;
        const covered =
          wanted !== undefined &&
          offered !== undefined &&
          wanted.every((name) => offered.includes(name));
        return covered ? resolved : { ...resolved, useTreesShaking: false };
      },
    };
  },
};
