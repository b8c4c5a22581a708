import { expect, GREETING, openDashboard, pointRemotes, signIn, test } from './support/fixtures';

test('a dead remote takes down only its tab, and Retry brings it back without a reload', async ({
  page,
  serveRemote,
}) => {
  const music = await serveRemote('music');
  await pointRemotes(page, { music: music.url });
  await music.close();

  await openDashboard(page);
  await page.getByRole('tab', { name: 'Music' }).click();
  const fallback = page.getByRole('alert');
  await expect(fallback).toContainText('The Music tab could not be loaded.', { timeout: 3_000 });

  // The shell and the other tabs keep working.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('tab', { name: 'Preferences' })).toBeVisible();
  await page.getByRole('tab', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
  await page.getByRole('tab', { name: 'Music' }).click();
  await expect(fallback).toBeVisible({ timeout: 3_000 });

  await serveRemote('music', { port: music.port });
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => navigations.push(frame.url()));
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('region', { name: 'Tracks' })).toBeVisible();
  await expect(fallback).toBeHidden();
  expect(navigations, 'Retry does not reload the page').toEqual([]);
});

test('an unreachable remotes.json leaves the shell up with a Retry on the tab', async ({
  page,
}) => {
  let available = false;
  await page.route('**/remotes.json', (route) =>
    available ? route.fallback() : route.fulfill({ status: 503, body: 'Service Unavailable' }),
  );
  await signIn(page);
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('The Home tab could not be loaded.');
  available = true;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
});
