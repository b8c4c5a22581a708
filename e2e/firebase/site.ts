import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Track } from '@loofi/contracts';
import { emulatorsUnavailableReason, startEmulators } from '@loofi/firebase/emulators';
import type { RunningEmulators } from '@loofi/firebase/emulators';
import { databaseRules, firestoreRules } from '@loofi/firebase/rules';
import { serveApp } from '@loofi/tooling/serve';
import type { RunningServer } from '@loofi/tooling/serve';
import { serveAudio, toneWav } from '../support/audio-fixtures';
import type { AudioServer } from '../support/audio-fixtures';
import { EMULATED_OWNER, emulatedFirebaseEnv } from '../support/firebase-emulated';
import type { Page } from '@playwright/test';
import { test as base, expect, GREETING, signIn } from '../support/fixtures';
import { buildOf, variantOf } from '../support/variant-build';

/**
 * The site the owner deploys, on this machine: the host built for Firebase against the
 * emulators (Auth, the Firestore jar, the Realtime Database stand-in) with the security rules
 * generated for its whitelist, and the three remotes `pnpm serve` already serves. It is built
 * and started once per worker and shared by every test of the `firebase` project.
 */
export interface FirebaseSite {
  readonly emulators: RunningEmulators;
  readonly host: RunningServer;
  /** Two tracks of generated tones that really play, for the library's first state. */
  readonly tracks: readonly [Track, Track];
}

/** Why this machine cannot run the emulators (no Java, no jar …), or null. */
const unavailable = emulatorsUnavailableReason();

async function startSite(): Promise<FirebaseSite & { close(): Promise<void> }> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    // A host that lets the page read its audio, as Jamendo's does: played through Web Audio.
    const audio: AudioServer = await serveAudio(
      { 'rain.wav': toneWav(90, 330), 'snow.wav': toneWav(90, 262) },
      { cors: true },
    );
    cleanups.push(() => audio.close());
    const rulesDir = await mkdtemp(path.join(tmpdir(), 'loofi-firestore-rules-'));
    cleanups.push(() => rm(rulesDir, { recursive: true, force: true }));
    const firestoreRulesPath = path.join(rulesDir, 'firestore.rules');
    // The rules as `pnpm rules` generates them for the build's whitelist: every read and
    // write of the pages must pass them, as on the deployed project.
    await writeFile(firestoreRulesPath, firestoreRules([EMULATED_OWNER]));
    const emulators = await startEmulators({
      firestoreRulesPath,
      databaseRules: databaseRules([EMULATED_OWNER]),
    });
    cleanups.push(() => emulators.stop());
    const hostRoot = await buildOf(variantOf('host', emulatedFirebaseEnv(emulators)));
    const host = await serveApp('host', 0, hostRoot);
    cleanups.push(() => host.close());
    const track = (title: string, file: string): Track => ({
      title,
      author: 'The Test Tones',
      audio: `${audio.url}/${file}`,
      image: '',
    });
    return {
      emulators,
      host,
      tracks: [track('Rain on Two Devices', 'rain.wav'), track('Snow on One', 'snow.wav')],
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

interface WorkerFixtures {
  firebaseSite: FirebaseSite;
}

interface TestFixtures {
  /** Skips the test, saying why, where the emulators cannot run. */
  emulatorsAvailable: void;
  /** The emulators emptied, and the library holding `firebaseSite.tracks`, before the test. */
  site: FirebaseSite;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  emulatorsAvailable: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies first.
    async ({}, use, testInfo) => {
      testInfo.skip(unavailable !== null, `skipped: ${unavailable}`);
      await use();
    },
    { auto: true },
  ],
  firebaseSite: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies first.
    async ({}, use) => {
      const site = await startSite();
      await use(site);
      await site.close();
    },
    // Starting the emulators and building the host take longer than a test.
    { scope: 'worker', timeout: 240_000 },
  ],
  site: async ({ firebaseSite }, use) => {
    const { emulators, tracks } = firebaseSite;
    await emulators.clearData();
    await emulators.setDatabaseValue('loofi-music', [...tracks]);
    await emulators.setDatabaseValue('loofi-music-next', tracks.length);
    await use(firebaseSite);
  },
  // Relative addresses (`page.goto('/auth')`, the sign-in helpers) go to the Firebase build.
  baseURL: async ({ firebaseSite }, use) => use(firebaseSite.host.url),
});

/** The library as the Realtime Database holds it: its entries by index, holes left out. */
export async function storedLibrary(site: FirebaseSite): Promise<Record<string, Track>> {
  const value = await site.emulators.databaseValue('loofi-music');
  if (value === null || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, Track | null>).filter(([, track]) => track !== null),
  ) as Record<string, Track>;
}

/** The titles the database holds, sorted. */
export const storedTitles = async (site: FirebaseSite) =>
  Object.values(await storedLibrary(site))
    .map((track) => track.title)
    .sort();

/**
 * Signs in as the whitelisted owner and waits for the dashboard. Against the emulators the
 * credential goes through Auth and Firestore first: a slower first paint than the local one.
 */
export async function openDashboard(page: Page) {
  await page.goto('/auth');
  await signIn(page);
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible({ timeout: 15_000 });
}

export { expect, GREETING, signIn };
export { EMULATED_OWNER } from '../support/firebase-emulated';
