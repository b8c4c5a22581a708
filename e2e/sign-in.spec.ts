import { serveApp } from '@loofi/tooling/serve';
import type { RunningServer } from '@loofi/tooling/serve';
import { expect, GREETING, openDashboard, signIn, test } from './support/fixtures';
import { HOST_WITHOUT_WHITELIST } from './support/suite-builds';
import { buildOf } from './support/variant-build';

const DAY_SECONDS = 24 * 60 * 60;

test('a visitor is sent to /auth, and a whitelisted owner signs in with the right cookies', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();

  const popup = await signIn(page);
  await expect.poll(() => popup.isClosed(), { message: 'the chooser closes itself' }).toBe(true);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();

  const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c]));
  const email = cookies['__Secure-email'];
  const token = cookies['__Secure-token'];
  expect(decodeURIComponent(email?.value ?? '')).toBe('owner@loofi.local');
  expect(token?.value).toMatch(/^[0-9a-f]{264}$/);
  for (const cookie of [email!, token!]) {
    expect(cookie.secure).toBe(true);
    expect(cookie.path).toBe('/');
    expect(cookie.sameSite).toBe('Strict');
    expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(DAY_SECONDS - 600);
    expect(cookie.expires - Date.now() / 1000).toBeLessThanOrEqual(DAY_SECONDS + 60);
  }

  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
});

test("an account off the whitelist gets 'Invalid Credentials', which stays", async ({ page }) => {
  await page.clock.install();
  await page.goto('/auth');
  await signIn(page, 'stranger@example.org');
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('Invalid Credentials');
  await page.clock.runFor(15_000);
  await expect(alert).toHaveText('Invalid Credentials');
  await expect(page).toHaveURL(/\/auth$/);
});

test('closing the popup says something went wrong, for five seconds', async ({ page }) => {
  await page.clock.install();
  await page.goto('/auth');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const popup = await popupPromise;
  await expect(popup.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
  await popup.close();
  await page.clock.runFor(1_000);
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('Something Went Wrong. Please Try Again Later.');
  await page.clock.runFor(5_000);
  await expect(alert).toBeHidden();
});

test('signing out clears the session and returns to /auth', async ({ page, context }) => {
  await openDashboard(page);
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('menu')).toContainText('owner@loofi.local');
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  const names = (await context.cookies()).map((cookie) => cookie.name);
  expect(names).not.toContain('__Secure-token');
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth$/);
});

test('clearing the site’s data mid-session signs the page out instead of leaving a dead dashboard', async ({
  page,
  context,
}) => {
  await openDashboard(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', {
    origin: new URL(page.url()).origin,
    storageTypes: 'all',
  });
  // The owner comes back to the tab after clearing the data in the browser's settings.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
});

test.describe('a build without a whitelist', () => {
  let host: RunningServer;

  test.beforeAll(async () => {
    host = await serveApp('host', 0, await buildOf(HOST_WITHOUT_WHITELIST));
  });

  test.afterAll(async () => {
    await host?.close();
  });

  test("says 'No Whitelisted Emails are Found.' for five seconds", async ({ page }) => {
    await page.clock.install();
    await page.goto(`${host.url}/auth`);
    // With no whitelist the chooser has nothing to pre-fill: the owner types an address.
    await signIn(page, 'owner@loofi.local');
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('No Whitelisted Emails are Found.');
    await page.clock.runFor(5_000);
    await expect(alert).toBeHidden();
  });
});
