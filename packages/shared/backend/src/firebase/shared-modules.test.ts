import { readdir, readFile } from 'node:fs/promises';
import * as app from 'firebase/app';
import * as auth from 'firebase/auth';
import * as database from 'firebase/database';
import * as firestore from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { FIREBASE_SHARED_KEYS } from '@loofi/contracts/apps';
import { FIREBASE_SHARED_MODULES } from './shared-modules';

/** A demo project's settings: initialising an app reaches no server. */
const DEMO_CONFIG = {
  apiKey: 'demo-api-key',
  authDomain: 'demo-loofi.firebaseapp.com',
  projectId: 'demo-loofi',
  databaseURL: 'http://127.0.0.1:9000?ns=demo-loofi',
  appId: '1:000000000000:web:demo-loofi',
};

describe('FIREBASE_SHARED_MODULES', () => {
  it('hands out the very functions of the SDK modules this backend imports', async () => {
    const sdk: Record<string, Record<string, unknown>> = {
      'firebase/app': app,
      'firebase/auth': auth,
      'firebase/database': database,
      'firebase/firestore': firestore,
    };
    for (const key of FIREBASE_SHARED_KEYS) {
      const shared = (await FIREBASE_SHARED_MODULES[key]()) as Record<string, unknown>;
      expect(Object.keys(shared).length, key).toBeGreaterThan(0);
      for (const [name, value] of Object.entries(shared)) {
        expect(value, `${key}: ${name}`).toBe(sdk[key]![name]);
      }
    }
  });

  it('offers every SDK function the backend calls', async () => {
    const folder = import.meta.dirname;
    const sources = (await readdir(folder)).filter(
      (file) =>
        file.endsWith('.ts') &&
        !file.includes('.test.') &&
        !file.includes('.harness.') &&
        !file.startsWith('shared-'),
    );
    for (const file of sources) {
      const source = await readFile(`${folder}/${file}`, 'utf8');
      for (const [, names, key] of source.matchAll(
        /import \{([^}]*)\} from '(firebase\/[\w-]+)'/g,
      )) {
        const shared = (await FIREBASE_SHARED_MODULES[
          key as (typeof FIREBASE_SHARED_KEYS)[number]
        ]()) as Record<string, unknown>;
        for (const name of names!.split(',').map((part) => part.trim().split(' ')[0]!)) {
          if (name && name !== 'type')
            expect(shared, `${file}: ${key} ${name}`).toHaveProperty(name);
        }
      }
    }
  });

  it('lets a remote see the app the backend initialised', async () => {
    const initialised = app.initializeApp(DEMO_CONFIG, 'shared-modules-test');
    try {
      const shared = (await FIREBASE_SHARED_MODULES['firebase/app']()) as Pick<
        typeof app,
        'getApps'
      >;
      expect(shared.getApps().map((each) => each.name)).toContain('shared-modules-test');
    } finally {
      await app.deleteApp(initialised);
    }
  });

  it('shares every SDK entry point the backend imports, and no other', async () => {
    const folder = import.meta.dirname;
    const sources = (await readdir(folder)).filter(
      (file) => file.endsWith('.ts') && !file.includes('.test.') && !file.includes('.harness.'),
    );
    const imported = new Set<string>();
    for (const file of sources) {
      const source = await readFile(`${folder}/${file}`, 'utf8');
      for (const match of source.matchAll(/(?:from |import\(.*)'(firebase\/[\w-]+)'/g))
        imported.add(match[1]!);
    }
    expect([...imported].sort()).toEqual([...FIREBASE_SHARED_KEYS].sort());
  });
});
