import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEFT_OUT } from './index';

// MUI as the apps resolve it (through the UI kit, the one package that imports it).
const kit = path.resolve(import.meta.dirname, '../../../../../shared/ui-kit/package.json');
const muiStyles = path.dirname(createRequire(kit).resolve('@mui/material/styles'));

/** The names a module file exports, read from its `export` statements. */
function exportedNames(code: string): string[] {
  const names = new Set<string>();
  for (const [, name] of code.matchAll(/^export (?:const|function|let|class) (\w+)/gm)) {
    names.add(name!);
  }
  if (/^export default /m.test(code)) names.add('default');
  for (const [, list] of code.matchAll(/^export \{([^}]*)\}/gm)) {
    for (const part of list!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  }
  return [...names].sort();
}

describe("the builds leave out MUI's CSS-variables theme", () => {
  it.each(Object.entries(LEFT_OUT))(
    'stands in for styles/%s with every name it exports',
    async (file, standIn) => {
      // A MUI upgrade that renames or adds to these modules fails here, not in a build.
      const original = exportedNames(readFileSync(path.join(muiStyles, file), 'utf8'));
      expect(original.length).toBeGreaterThan(0);
      expect(exportedNames(readFileSync(standIn, 'utf8'))).toEqual(original);
      const module = (await import(standIn)) as Record<string, () => unknown>;
      for (const name of original) {
        expect(() => module[name]!(), name).toThrow(/CSS-variables/);
      }
    },
  );
});
