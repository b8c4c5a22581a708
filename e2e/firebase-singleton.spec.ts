import { rm } from 'node:fs/promises';
import type { Response } from '@playwright/test';
import { emulatorsUnavailableReason, startEmulators } from '@loofi/firebase/emulators';
import type { RunningEmulators } from '@loofi/firebase/emulators';
import { REMOTE_IDS } from '@loofi/contracts/apps';
import { serveApp } from '@loofi/tooling/serve';
import type { RunningServer } from '@loofi/tooling/serve';
import { APP_URLS } from './support/apps';
import { EMULATED_OWNER, emulatedFirebaseEnv } from './support/firebase-emulated';
import { expect, pointRemotes, signIn, test } from './support/fixtures';
import { buildHostVariant, buildPackage } from './support/variant-build';

/** A remote whose `./App` imports `firebase/app` and `firebase/auth` (e2e/fixtures). */
const FIREBASE_REMOTE = '@loofi/e2e-firebase-remote';

/**
 * Names the Firebase SDK registers for itself, each in exactly one of its modules: a script
 * holding one carries that part of the SDK (@firebase/app, @firebase/auth).
 */
const SDK_MARKERS = { '@firebase/app': 'fire-core', '@firebase/auth': 'fire-auth' };

test('remotes that never import Firebase do not list it, so the host starts no download for them', async ({
  request,
}) => {
  for (const remote of REMOTE_IDS) {
    const response = await request.get(`${APP_URLS[remote]}/mf-manifest.json`);
    const { shared } = (await response.json()) as { shared: { name: string }[] };
    const names = shared.map((module) => module.name);
    expect(names, `${remote} consumes React`).toContain('react');
    expect(
      names.filter((name) => name.startsWith('firebase/')),
      remote,
    ).toEqual([]);
  }
});

test.describe('a Firebase build', () => {
  const unavailable = emulatorsUnavailableReason();
  test.skip(unavailable !== null, `skipped: ${unavailable}`);

  let emulators: RunningEmulators | undefined;
  const servers: RunningServer[] = [];
  const folders: string[] = [];
  let host: RunningServer;
  let firebaseRemote: RunningServer;

  test.beforeAll(async () => {
    // Starting the emulators and two builds take longer than a test.
    test.setTimeout(180_000);
    emulators = await startEmulators();
    const builds = await Promise.allSettled([
      buildHostVariant(emulatedFirebaseEnv(emulators)),
      buildPackage(FIREBASE_REMOTE),
    ]);
    for (const build of builds) if (build.status === 'fulfilled') folders.push(build.value);
    const [hostRoot, remoteRoot] = builds.map((build) => {
      if (build.status === 'rejected') throw build.reason;
      return build.value;
    });
    host = await serveApp('host', 0, hostRoot);
    servers.push(host);
    // Played as the Home remote: remotes.json points the Home tab at it.
    firebaseRemote = await serveApp('home', 0, remoteRoot);
    servers.push(firebaseRemote);
  });

  test.afterAll(async () => {
    await Promise.allSettled(servers.map((server) => server.close()));
    await emulators?.stop();
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  });

  test("a remote importing Firebase runs on the host's SDK and app, and downloads no SDK of its own", async ({
    page,
  }) => {
    const scripts: Promise<{ url: string; body: string }>[] = [];
    page.on('response', (response: Response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push(response.text().then((body) => ({ url: response.url(), body })));
      }
    });
    await pointRemotes(page, { home: firebaseRemote.url });
    await page.goto(`${host.url}/auth`);
    await signIn(page);

    await page.getByRole('tab', { name: 'Home' }).click();
    const firebaseApps = page.getByRole('region', { name: 'Firebase apps' });
    // The host's backend initialised the default app for the emulators' demo project.
    await expect(firebaseApps.getByRole('listitem')).toHaveText([
      `[DEFAULT] (${emulators!.projectId})`,
    ]);
    await expect(firebaseApps).toContainText(`Signed in: ${EMULATED_OWNER}`);

    const downloaded = await Promise.all(scripts);
    const urls = downloaded.map((script) => script.url);
    expect(new Set(urls).size, 'no script is fetched twice').toBe(urls.length);
    expect(
      urls.filter((url) => url.startsWith(firebaseRemote.url)),
      "the remote's entry and ./App came from its own origin",
    ).toEqual(
      expect.arrayContaining([
        expect.stringContaining('/remoteEntry.js'),
        expect.stringContaining('__federation_expose_App'),
      ]),
    );
    for (const [library, marker] of Object.entries(SDK_MARKERS)) {
      const copies = downloaded.filter((script) => script.body.includes(marker));
      expect(
        copies.map((copy) => new URL(copy.url).origin),
        `${library} is downloaded once, by the host`,
      ).toEqual([host.url]);
    }
  });
});
