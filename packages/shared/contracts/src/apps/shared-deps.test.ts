import { describe, expect, it } from 'vitest';
import { FIREBASE_SHARED_KEYS, SHARED_KEYS, sharedSingletons } from './shared-deps';

describe('the shared singletons', () => {
  it('mark the Firebase SDK entry points as provided by a Firebase build only', () => {
    expect(FIREBASE_SHARED_KEYS).toEqual([
      'firebase/app',
      'firebase/auth',
      'firebase/database',
      'firebase/firestore',
    ]);
    expect(SHARED_KEYS).toEqual(expect.arrayContaining([...FIREBASE_SHARED_KEYS]));
  });

  it('make a remote take Firebase from the host, with no copy of its own, and bundle a fallback of the rest', () => {
    const shared = sharedSingletons();
    for (const key of SHARED_KEYS) {
      const firebase = (FIREBASE_SHARED_KEYS as readonly string[]).includes(key);
      expect(shared[key], key).toEqual({
        singleton: true,
        requiredVersion: key.startsWith('@loofi/ui-kit') ? '^1.0.0' : false,
        ...(firebase ? { import: false } : {}),
        // Only rxjs's remotes record the exports they use, for the host's tree-shaken rxjs.
        ...(key === 'rxjs' ? { treeShaking: { mode: 'runtime-infer' } } : {}),
      });
    }
  });
});
