import type { Response } from '@playwright/test';
import { serveApp } from '@loofi/tooling/serve';
import type { RunningServer } from '@loofi/tooling/serve';
import { pointRemotes } from '../support/fixtures';
import { FIREBASE_REMOTE } from '../support/suite-builds';
import { buildOf } from '../support/variant-build';
import { EMULATED_OWNER, expect, signIn, test } from './site';

/**
 * Names the Firebase SDK registers for itself, each in exactly one of its modules: a script
 * holding one carries that part of the SDK (@firebase/app, @firebase/auth).
 */
const SDK_MARKERS = { '@firebase/app': 'fire-core', '@firebase/auth': 'fire-auth' };

test.describe('a Firebase build', () => {
  let firebaseRemote: RunningServer | undefined;

  test.beforeAll(async () => {
    // A build takes longer than a test.
    test.setTimeout(120_000);
    // Played as the Home remote: remotes.json points the Home tab at it.
    firebaseRemote = await serveApp('home', 0, await buildOf(FIREBASE_REMOTE));
  });

  test.afterAll(async () => {
    await firebaseRemote?.close();
  });

  test("a remote importing Firebase runs on the host's SDK and app, and downloads no SDK of its own", async ({
    page,
    site,
  }) => {
    const { emulators, host } = site;
    const scripts: Promise<{ url: string; body: string }>[] = [];
    page.on('response', (response: Response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push(response.text().then((body) => ({ url: response.url(), body })));
      }
    });
    await pointRemotes(page, { home: firebaseRemote!.url });
    await page.goto('/auth');
    await signIn(page);

    await page.getByRole('tab', { name: 'Home' }).click();
    const firebaseApps = page.getByRole('region', { name: 'Firebase apps' });
    // The host's backend initialised the default app for the emulators' demo project.
    await expect(firebaseApps.getByRole('listitem')).toHaveText([
      `[DEFAULT] (${emulators.projectId})`,
    ]);
    await expect(firebaseApps).toContainText(`Signed in: ${EMULATED_OWNER}`);

    const downloaded = await Promise.all(scripts);
    const urls = downloaded.map((script) => script.url);
    expect(new Set(urls).size, 'no script is fetched twice').toBe(urls.length);
    expect(
      urls.filter((url) => url.startsWith(firebaseRemote!.url)),
      "the remote's entry, with ./App built in, came from its own origin",
    ).toEqual(expect.arrayContaining([expect.stringContaining('/remoteEntry.js')]));
    for (const [library, marker] of Object.entries(SDK_MARKERS)) {
      const copies = downloaded.filter((script) => script.body.includes(marker));
      expect(
        copies.map((copy) => new URL(copy.url).origin),
        `${library} is downloaded once, by the host`,
      ).toEqual([host.url]);
    }
  });
});
