import { EXPOSED_MODULE } from '@loofi/contracts/apps';

/**
 * Over HTTP/1.1 a page gets six connections per origin and every request pays a round trip,
 * so each lazily loaded part of an app is one chunk, never split into many small ones. The
 * exceptions are libraries that several lazy parts use: the core Firebase SDK, which each of
 * its entry points (auth, database, firestore) would otherwise carry again, and the rxjs
 * operators the backend and the dashboard both use beyond what the first script has.
 */
export const fewChunks = {
  chunks: 'async',
  cacheGroups: {
    default: false,
    defaultVendors: false,
    firebaseCore: {
      test: /[\\/]node_modules[\\/]@firebase[\\/](app|component|logger|util)[\\/]/,
      name: 'firebase-core',
      minChunks: 2,
      enforce: true,
    },
    rxjs: {
      test: /[\\/]node_modules[\\/](rxjs|tslib)[\\/]/,
      name: 'rxjs',
      minChunks: 2,
      enforce: true,
    },
  },
} as const;

/** The chunk Module Federation makes of a remote's exposed `./App`. */
const EXPOSED_CHUNK = `__federation_expose_${EXPOSED_MODULE.slice(2)}`;

/**
 * A remote's chunks: as few as the host's, and its exposed `./App` built into its entry
 * (the chunk named after the container), so that a tab costs the page one script instead
 * of two. What `./App` consumes from the host stays in the exposed chunk, which emits no
 * script: the runtime still starts those shared modules when `./App` is asked for, never
 * when the entry merely runs.
 */
export function remoteChunks(containerName: string) {
  return {
    ...fewChunks,
    cacheGroups: {
      ...fewChunks.cacheGroups,
      exposedInEntry: {
        chunks: (chunk: { name?: string | null }) => chunk.name === EXPOSED_CHUNK,
        test: (module: { type: string }) => module.type !== 'consume-shared-module',
        name: containerName,
        enforce: true,
      },
    },
  };
}
