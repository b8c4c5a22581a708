import { appendFile, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { distOf, serveApp } from '@loofi/tooling/serve';
import {
  expect,
  GREETING,
  offlineNotice,
  openDashboard,
  signIn,
  test,
  untilControlled,
} from './support/fixtures';
import {
  expectRedeployPickedUp,
  ReceivedScripts,
  settingsWithNextRelease,
} from './support/redeploy';

// These tests are about the service worker itself: let it run (the others block it).
test.use({ serviceWorkers: 'allow' });

const player = (page: Page) => page.getByRole('region', { name: 'Player' });

interface HostCopy {
  url: string;
  /** Changes the copy's files and serves it again at the same address. */
  redeploy(change: (root: string) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** The host's build copied to a folder of its own (changed by `edit`), served on its own port. */
async function serveHostCopy(edit?: (root: string) => Promise<void>): Promise<HostCopy> {
  const root = await mkdtemp(path.join(tmpdir(), 'loofi-host-'));
  await cp(distOf('host'), root, { recursive: true });
  await edit?.(root);
  let server = await serveApp('host', 0, root);
  return {
    url: server.url,
    async redeploy(change) {
      await server.close();
      await change(root);
      server = await serveApp('host', server.port, root);
    },
    async close() {
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** Signs in, waits for the service worker to control the page, and opens every tab once. */
async function visitOnce(page: Page) {
  await openDashboard(page);
  await untilControlled(page);
  await page.getByRole('tab', { name: 'Music' }).click();
  await expect(page.getByRole('region', { name: 'Tracks' })).toBeVisible();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('tab', { name: 'Preferences' })).toBeVisible();
  await page.getByRole('tab', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
}

test('after one visit, loofi opens with no network: every tab, the library and the demo player', async ({
  page,
  context,
}) => {
  await visitOnce(page);
  await context.setOffline(true);
  await page.reload();

  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
  await expect(offlineNotice(page)).toBeVisible();
  await page.getByRole('tab', { name: 'Music' }).click();
  await expect(
    page.getByRole('table', { name: 'Library' }).getByRole('row', { name: /Moonlit Bus Ride/ }),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('tab', { name: 'Preferences' })).toBeVisible();

  await player(page).getByRole('button', { name: 'Play', exact: true }).click();
  await expect(player(page).getByRole('button', { name: 'Pause' })).toBeVisible();
});

test('a demo track the worker answers from its cache can be sought', async ({ page }) => {
  await openDashboard(page);
  // Controlling the page, the worker holds the demo library (it is precached on install).
  await untilControlled(page);
  const seek = player(page).getByRole('slider', { name: 'Seek' });
  const position = async () => Number(await seek.getAttribute('aria-valuenow'));
  const ranged: number[] = [];
  page.on('response', async (response) => {
    if (!response.url().includes('/demo/') || !response.fromServiceWorker()) return;
    if (await response.request().headerValue('range')) ranged.push(response.status());
  });

  await player(page).getByRole('button', { name: 'Play', exact: true }).click();
  await expect(player(page).getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expect.poll(position).toBeGreaterThanOrEqual(1);
  // An audio element can only seek in what its answers say is there: a part of the file (206).
  expect(ranged.length).toBeGreaterThan(0);
  expect(ranged.every((status) => status === 206)).toBe(true);

  // Ten seconds on, by the keyboard, and the track plays on from there.
  await player(page).getByRole('button', { name: 'Pause', exact: true }).click();
  const before = await position();
  await seek.focus();
  await seek.press('PageUp');
  await expect.poll(position).toBeGreaterThanOrEqual(before + 9);
  const sought = await position();
  await player(page).getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(position).toBeGreaterThan(sought);
  expect(await position()).toBeGreaterThanOrEqual(before + 9);
});

test('the site can be installed: a manifest with a name, icons and standalone display', async ({
  page,
}) => {
  await page.goto('/auth');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = (await (await page.request.get(href!)).json()) as {
    name: string;
    display: string;
    start_url: string;
    icons: { src: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: 'loofi', display: 'standalone', start_url: '/' });
  expect(manifest.icons.map((icon) => icon.purpose).toSorted()).toEqual(['any', 'maskable']);
  for (const icon of manifest.icons) {
    expect((await page.request.get(icon.src)).ok(), `${icon.src} is served`).toBe(true);
  }
});

test('a new version waits for the owner: "A new version is ready", and Reload applies it', async ({
  page,
}) => {
  // A host of its own, so that it can be redeployed under the test.
  const host = await serveHostCopy();
  try {
    await page.goto(`${host.url}/auth`);
    await signIn(page);
    await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
    await untilControlled(page);

    // The next deploy: a service worker that differs from the installed one.
    await host.redeploy((root) => appendFile(path.join(root, 'sw.js'), '\n// the next deploy\n'));

    await page.reload();
    await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
    const snackbar = page.getByRole('alert').filter({ hasText: 'A new version is ready' });
    await expect(snackbar).toBeVisible({ timeout: 15_000 });

    const reloaded = page.waitForEvent('load');
    await snackbar.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
    await expect(snackbar).toBeHidden();
  } finally {
    await host.close();
  }
});

test('with the service worker, a redeployed remote is picked up on the next online load', async ({
  page,
  serveRemote,
}) => {
  const settings = await settingsWithNextRelease(serveRemote);
  // A host of its own whose remotes.json names this Settings remote, as a deployer edits it.
  const host = await serveHostCopy(async (root) => {
    const file = path.join(root, 'remotes.json');
    const remotes = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
    remotes.settings = `${settings.url}/mf-manifest.json`;
    await writeFile(file, JSON.stringify(remotes));
  });
  try {
    const received = new ReceivedScripts(page);
    await page.goto(`${host.url}/auth`);
    await signIn(page);
    await untilControlled(page);
    await expectRedeployPickedUp(page, settings, received);
  } finally {
    await settings.close();
    await host.close();
  }
});
