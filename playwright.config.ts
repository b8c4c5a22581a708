import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { APP_URLS } from './e2e/support/apps';
import { e2eEnv } from './e2e/support/env';

/**
 * The specs that mostly wait rather than compute: tones that play out, 15 s without audio,
 * two tabs handing the music over, a focus break over a playing track, hosts and
 * connections that hang or drop, a scrape through the proxy, a minute of the mini player.
 * They hold a core for little of their time, so they run in a lane of their own beside the
 * others.
 */
const WAITING = [
  'player.spec.ts',
  'playback.spec.ts',
  'stalled-host.spec.ts',
  'two-tabs.spec.ts',
  'lock-screen.spec.ts',
  'music-sources.spec.ts',
  'offline-tracks.spec.ts',
  'flaky-network.spec.ts',
  'focus-breaks.spec.ts',
  'mini-player.spec.ts',
];

export default defineConfig({
  testDir: 'e2e',
  // The run's shared builds (and, for `pnpm e2e`, the variant builds started in the background).
  globalSetup: './e2e/support/global-setup.ts',
  forbidOnly: e2eEnv.CI,
  retries: 0,
  // One worker per core, three at most: three on 2 cores starve the real-time specs (audio
  // measured as it plays, 2 s deadlines) into time-outs.
  workers: Math.max(1, Math.min(3, availableParallelism())),
  // Long walks (a service worker that registers once the dashboard has settled, reloads with
  // no network, audio measured as it plays) take 18–30 s on a loaded 2-core machine: twice
  // that, so they fail on what they find, not on a busy neighbour. Each step keeps its own
  // 5 s expectation.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  use: {
    baseURL: APP_URLS.host,
    browserName: 'chromium',
    launchOptions: {
      executablePath: e2eEnv.CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // The player's tests play generated tones; no sound device is needed.
        '--autoplay-policy=no-user-gesture-required',
        '--mute-audio',
      ],
    },
    // Recording traces took a third of the whole suite's CPU: `pnpm e2e` (so `pnpm test` and
    // CI) records none, and a file run alone keeps a failing test's trace (each action's DOM,
    // network and console), without the film strip of screenshots.
    trace:
      e2eEnv.CI || e2eEnv.E2E_PREBUILD ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    // Routes must see every request: a service worker would answer some from its caches.
    // The offline tests allow it (e2e/offline.spec.ts).
    serviceWorkers: 'block',
  },
  projects: [
    // The same build as `local`: the specs that mostly wait (above), one at a time. First, so
    // its lane starts at once; `local` takes the other worker meanwhile, and both at the end.
    { name: 'waiting', testMatch: WAITING, testIgnore: 'firebase/**', workers: 1 },
    // The Firebase build the owner deploys, against emulators the project starts itself
    // (e2e/firebase/site.ts); skipped, saying why, where Java or the jar is missing.
    { name: 'firebase', testMatch: 'firebase/**/*.spec.ts', workers: 1 },
    // The local backend (the default build), served by `pnpm serve`.
    { name: 'local', testIgnore: ['firebase/**', ...WAITING] },
  ],
  webServer: {
    // The production builds, composed: run `pnpm build` first (`pnpm test` does).
    command: 'pnpm serve',
    url: `${APP_URLS.host}/remotes.json`,
    reuseExistingServer: !e2eEnv.CI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
