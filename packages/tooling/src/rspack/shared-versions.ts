import { createRequire } from 'node:module';
import path from 'node:path';
import { isFirebaseSharedKey, packageOfSharedKey } from '@loofi/contracts/apps';
import type { SharedKey, SharedVersions } from '@loofi/contracts/apps';
import type { BackendChoice } from '@loofi/backend';
import { versionAbove } from './package-version';

/** The version of `key`'s package that the app in `root` resolves, read from its package.json. */
function installedVersion(root: string, key: SharedKey): string {
  // The key itself is resolved, not the package: firebase, for one, has no main entry.
  const resolved = createRequire(path.join(root, 'package.json')).resolve(key);
  return versionAbove(resolved, packageOfSharedKey(key));
}

/** The versions of the shared singletons `keys` the host provides, as its build resolves them. */
export function sharedVersions(
  root: string,
  backend: BackendChoice,
  keys: readonly SharedKey[],
): SharedVersions {
  // Only a Firebase build provides the SDK: a local one carries not even its version.
  const provided = keys.filter((key) => backend.kind === 'firebase' || !isFirebaseSharedKey(key));
  return Object.fromEntries(
    provided.map((key) => [key, installedVersion(root, key)]),
  ) as SharedVersions;
}
