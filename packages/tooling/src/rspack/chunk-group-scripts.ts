import type { Compilation } from '@rspack/core';

/**
 * The JS files (output paths) of named chunk groups: an entry's name (`main`) or a dynamic
 * import's `webpackChunkName`. A name the build does not have is an error of the config.
 */
export function chunkGroupScripts(compilation: Compilation, names: readonly string[]): string[] {
  return names.flatMap((name) => {
    const group = compilation.namedChunkGroups.get(name);
    if (!group) throw new Error(`The build has no chunk group named "${name}".`);
    return group.chunks.flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')));
  });
}
