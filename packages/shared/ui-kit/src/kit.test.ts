import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as base from './base';
import * as kit from './index';
import * as fields from './parts/fields';
import * as overlays from './parts/overlays';
import * as tables from './parts/tables';

describe('the UI kit', () => {
  it('re-exports every base export as the very same object', () => {
    // A second copy in the full kit would be a second module instance on the composed site.
    for (const [name, value] of Object.entries(base)) {
      expect(kit[name as keyof typeof kit], name).toBe(value);
    }
  });

  it('has parts (evaluated one task each) that hold the very same objects as the kit', () => {
    for (const part of [fields, overlays, tables]) {
      for (const [name, value] of Object.entries(part)) {
        expect(kit[name as keyof typeof kit], name).toBe(value);
      }
    }
  });

  it('exports only defined values', () => {
    for (const [name, value] of Object.entries(kit)) expect(value, name).toBeDefined();
  });
});

describe('where the apps import the kit from', () => {
  const workspace = path.resolve(import.meta.dirname, '../../../..');
  const sources = ['host/src', 'remotes', 'packages/shared/ui/src', 'packages/shared/backend/src']
    .flatMap((dir) =>
      readdirSync(path.join(workspace, dir), { recursive: true, encoding: 'utf8' }).map((file) =>
        path.join(dir, file),
      ),
    )
    .filter((file) => /\.tsx?$/.test(file) && !file.includes('node_modules'));
  const fullKitImport = /import \{([^}]*)\} from '@loofi\/ui-kit';/g;

  it('takes every shell-kit component from the shell kit, so Home never loads the full kit', () => {
    expect(sources.length).toBeGreaterThan(20);
    const misplaced: string[] = [];
    for (const file of sources) {
      const code = readFileSync(path.join(workspace, file), 'utf8');
      for (const [, names] of code.matchAll(fullKitImport)) {
        for (const name of names!.split(',').map((part) => part.trim().split(' ')[0]!)) {
          if (name && name in base) misplaced.push(`${file}: ${name}`);
        }
      }
    }
    expect(misplaced).toEqual([]);
  });
});
