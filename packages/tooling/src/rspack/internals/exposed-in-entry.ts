import { EXPOSED_MODULE } from '@loofi/contracts/apps';

/**
 * The chunk the federation plugin makes of a remote's exposed `./App` is named
 * `__federation_expose_App`: a name of the plugin's, not an option, so it is fenced here.
 * The composition e2e fails (Home's tab costs two scripts) when an upgrade renames it.
 */
const EXPOSED_CHUNK = `__federation_expose_${EXPOSED_MODULE.slice(2)}`;

/**
 * A cache group that builds a remote's exposed `./App` into its entry (the chunk named after
 * the container), so that a tab costs the page one script instead of two. What `./App`
 * consumes from the host stays in the exposed chunk, which emits no script: the runtime
 * still starts those shared modules when `./App` is asked for, never when the entry merely
 * runs.
 */
export function exposedInEntry(containerName: string) {
  return {
    chunks: (chunk: { name?: string | null }) => chunk.name === EXPOSED_CHUNK,
    test: (module: { type: string }) => module.type !== 'consume-shared-module',
    name: containerName,
    enforce: true,
  };
}
