import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The version of `pkg` whose file `resolved` is: the nearest package.json above it with
 * that name (packages that keep their package.json out of their exports are read this way).
 */
export function versionAbove(resolved: string, pkg: string): string {
  let dir = path.dirname(resolved);
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const json = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (json.name === pkg && json.version) return json.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json with a version found for ${pkg}.`);
    dir = parent;
  }
}
