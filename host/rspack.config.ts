import path from 'node:path';
import { defineHost } from '@loofi/tooling/rspack';
import { loadEnv } from './config/env';
import federation from './module-federation.config';

const { publicConfig, hostConfig } = loadEnv();
// The chunk names of ./src/app/backend.ts and ./src/app/app.tsx.
const backendChunk = hostConfig.backend.kind === 'local' ? 'local-backend' : 'firebase-backend';

const config = defineHost({
  federation,
  root: import.meta.dirname,
  title: 'loofi',
  config: publicConfig,
  define: {
    __LOOFI_HOST_CONFIG__: hostConfig,
    // Also as a constant of its own, so the bundler drops a branch for the other backend
    // (its imports included) instead of shipping it behind a test of the object.
    '__LOOFI_HOST_CONFIG__.backend.kind': hostConfig.backend.kind,
    // Likewise a build without Beta has no Beta entry, nor its chunk in the runtime's list.
    '__LOOFI_HOST_CONFIG__.beta.allowed': hostConfig.beta.allowed,
  },
  backend: hostConfig.backend,
  prerender: { module: './src/prerender.tsx', exportName: 'prerenderFirstScreens' },
  installable: {
    name: 'loofi',
    serviceWorker: './src/service-worker.ts',
    // A library created offline still gets its demo tracks.
    chunkGroups: [
      backendChunk,
      'dashboard',
      // What measures loudness and keeps it: offline, tracks still play normalised.
      'loudness-meter',
      'loudness',
      // The system's media controls, connected at the first play.
      'media-session',
      // A link shared into loofi is received offline too.
      'share',
      ...(hostConfig.backend.kind === 'local' ? ['demo-library'] : []),
    ],
    // The local backend seeds and plays the demo library.
    demo: hostConfig.backend.kind === 'local',
  },
  earlyStart: {
    entry: './src/early-start.ts',
    always: [backendChunk],
    signedIn: ['dashboard'],
    // The full UI kit (./src/features/full-kit), which Music and Settings render with.
    byShare: { '@loofi/ui-kit': ['full-kit'] },
  },
  pages: [
    {
      name: 'account-chooser',
      entry: './src/account-chooser/index.ts',
      title: 'Choose an account · loofi',
    },
  ],
});

// `pnpm bench` only (bench/federation-tax.ts): the same host with the three tabs imported
// statically in place of the federation runtime, to measure what the federation costs
// against one bundle. Never deployed.
const monolithRuntime = process.env.LOOFI_BENCH_MONOLITH_RUNTIME;
if (monolithRuntime) {
  config.resolve = {
    ...config.resolve,
    alias: {
      ...(config.resolve?.alias as Record<string, string> | undefined),
      [path.join(import.meta.dirname, 'src/features/remotes/federation-runtime.ts')]:
        monolithRuntime,
    },
  };
}

export default config;
