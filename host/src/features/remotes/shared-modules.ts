import type { UserOptions } from '@module-federation/runtime-core';
import type { SharedKey } from '@loofi/contracts/apps';
import React from 'react';
import ReactJsxRuntime from 'react/jsx-runtime';
import ReactJsxDevRuntime from 'react/jsx-dev-runtime';
import ReactDom from 'react-dom';
import ReactDomClient from 'react-dom/client';
import * as rxjs from 'rxjs';
import * as kitBase from '@loofi/ui-kit/base';
// What every `@mui/icons-material` icon imports, provided under its own key.
// eslint-disable-next-line no-restricted-imports
import * as SvgIcon from '@mui/material/SvgIcon';
import { loadFullKit } from '../full-kit/full-kit';

type SharedOption = NonNullable<UserOptions['shared']>;

/**
 * How the host hands each singleton to the remotes: the very module objects its own code
 * runs with (already loaded: a remote waits for nothing), except the full UI kit, which is
 * fetched the first time a remote asks for it. The CommonJS packages (React, React DOM) are
 * imported as their `module.exports`, which is what a remote's build expects of them.
 *
 * The type requires every key of `SHARED_SINGLETONS`, so a key a remote consumes cannot be
 * forgotten here.
 */
const MODULES: Record<SharedKey, { lib: () => unknown } | { get: () => Promise<() => unknown> }> = {
  react: { lib: () => React },
  'react/jsx-runtime': { lib: () => ReactJsxRuntime },
  'react/jsx-dev-runtime': { lib: () => ReactJsxDevRuntime },
  'react-dom': { lib: () => ReactDom },
  'react-dom/client': { lib: () => ReactDomClient },
  rxjs: { lib: () => rxjs },
  '@loofi/ui-kit/base': { lib: () => kitBase },
  '@mui/material/SvgIcon': { lib: () => SvgIcon },
  '@loofi/ui-kit': { get: () => loadFullKit().then((kit) => () => kit) },
};

/**
 * Starts loading the lazily provided modules among `names` (what a remote's manifest says
 * it consumes), so they arrive beside the remote's own scripts rather than after them.
 */
export function startSharedModules(names: readonly string[]): void {
  for (const name of names) {
    const module = (MODULES as Partial<Record<string, (typeof MODULES)[SharedKey]>>)[name];
    if (module && 'get' in module) module.get().catch(() => undefined);
  }
}

/** The `shared` option of the host's federation instance. */
export function hostSharedModules(versions: Record<SharedKey, string>): SharedOption {
  const shared: SharedOption = {};
  for (const key of Object.keys(MODULES) as SharedKey[]) {
    shared[key] = {
      ...MODULES[key],
      version: versions[key],
      scope: 'default',
      shareConfig: { singleton: true, requiredVersion: false },
    };
  }
  return shared;
}
