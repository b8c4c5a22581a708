import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { distOf, serveApp } from '@loofi/tooling/serve';
import { expect, GREETING, openDashboard, signIn, test } from './support/fixtures';

// These tests are about the service worker itself: let it run (the others block it).
test.use({ serviceWorkers: 'allow' });

const OFFLINE = 'You are offline. Some functionality may be unavailable.';
const player = (page: Page) => page.getByRole('region', { name: 'Player' });

/** Signs in, waits for the service worker to control the page, and opens every tab once. */
async function visitOnce(page: Page) {
  await openDashboard(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 15_000,
  });
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
  await expect(page.getByRole('status')).toHaveText(OFFLINE);
  await page.getByRole('tab', { name: 'Music' }).click();
  await expect(
    page.getByRole('table', { name: 'Library' }).getByRole('row', { name: /Moonlit Bus Ride/ }),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('tab', { name: 'Preferences' })).toBeVisible();

  await player(page).getByRole('button', { name: 'Play' }).click();
  await expect(player(page).getByRole('button', { name: 'Pause' })).toBeVisible();
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
  const root = await mkdtemp(path.join(tmpdir(), 'loofi-host-'));
  await cp(distOf('host'), root, { recursive: true });
  let host = await serveApp('host', 0, root);
  try {
    await page.goto(`${host.url}/auth`);
    await signIn(page);
    await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 15_000,
    });

    // The next deploy: a service worker that differs from the installed one.
    const { port } = host;
    await host.close();
    await appendFile(path.join(root, 'sw.js'), '\n// the next deploy\n');
    host = await serveApp('host', port, root);

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
    await rm(root, { recursive: true, force: true });
  }
});
