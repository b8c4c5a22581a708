import { exposedInEntry } from './internals/exposed-in-entry';

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

/** A remote's chunks: as few as the host's, and its exposed `./App` built into its entry. */
export function remoteChunks(containerName: string) {
  return {
    ...fewChunks,
    cacheGroups: { ...fewChunks.cacheGroups, exposedInEntry: exposedInEntry(containerName) },
  };
}
