import type { Route } from '@playwright/test';
import { APP_URLS } from './support/apps';
import { expect, GREETING, offlineNotice, openDashboard, signIn, test } from './support/fixtures';

const DASHBOARD_CHUNK = /\/static\/js\/dashboard\.[0-9a-f]{8}\.js$/;
const MAIN_SCRIPT = /\/static\/js\/main\.[0-9a-f]{8}\.js$/;
const BACKEND_CHUNK = /\/static\/js\/local-backend\.[0-9a-f]{8}\.js$/;

test('the connection drops the moment the dashboard starts loading: the page says so, and recovers by itself', async ({
  page,
  context,
}) => {
  await page.goto('/auth');
  // Signing in moves to / and starts the dashboard's chunk: that is when the network goes.
  await page.route(DASHBOARD_CHUNK, async (route) => {
    await context.setOffline(true);
    await route.abort('internetdisconnected');
  });
  await signIn(page);

  await expect(offlineNotice(page)).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('The dashboard could not be loaded.');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

  const navigations: string[] = [];
  page.on('framenavigated', (frame) => navigations.push(frame.url()));
  await page.unroute(DASHBOARD_CHUNK);
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
  await expect(page.getByRole('status')).toBeHidden();
  expect(navigations, 'it came back without a reload').toEqual([]);
});

test('Retry in place loads the dashboard once its chunk can be fetched again', async ({ page }) => {
  await page.goto('/auth');
  let available = false;
  await page.route(DASHBOARD_CHUNK, (route) =>
    available ? route.fallback() : route.abort('connectionreset'),
  );
  await signIn(page);
  await expect(page.getByRole('alert')).toContainText('The dashboard could not be loaded.');
  available = true;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
});

test('a returning owner whose connection drops right after the first script gets the dashboard once it is back', async ({
  page,
  context,
}) => {
  await openDashboard(page);
  // The document and the app's first script arrive; every request after them fails.
  let dropped = true;
  await page.route('**/*', (route) => {
    const request = route.request();
    const first = request.resourceType() === 'document' || MAIN_SCRIPT.test(request.url());
    return dropped && !first ? route.abort('internetdisconnected') : route.fallback();
  });
  let backendRequests = 0;
  page.on('request', (request) => {
    if (BACKEND_CHUNK.test(request.url())) backendRequests += 1;
  });
  await page.reload();
  await context.setOffline(true);
  await expect(offlineNotice(page)).toBeVisible();
  // The prerendered starting shell stays, loading, rather than a blank or dead page.
  await expect(page.getByRole('progressbar', { name: 'Loading loofi' })).toBeVisible();

  const navigations: string[] = [];
  page.on('framenavigated', (frame) => navigations.push(frame.url()));
  dropped = false;
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
  await expect(page.getByRole('status')).toBeHidden();
  expect(backendRequests, 'the backend chunk was fetched again').toBeGreaterThan(1);
  expect(navigations, 'it came back without a reload').toEqual([]);
});

test('a Music panel that failed to load over a dropped connection loads on Retry', async ({
  page,
}) => {
  await openDashboard(page);
  await page.getByRole('tab', { name: 'Music' }).click();
  await expect(page.getByRole('region', { name: 'Tracks' })).toBeVisible();

  // The music remote's server goes away, then comes back.
  let away = true;
  await page.route(`${APP_URLS.music}/**`, (route) =>
    away ? route.abort('connectionrefused') : route.fallback(),
  );
  await page.getByRole('button', { name: 'Add Music' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Web Scraping' }).click();
  const retry = dialog.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  away = false;
  await retry.click();
  await expect(retry).toBeHidden();
  await expect(dialog.getByRole('textbox', { name: 'URL' })).toBeVisible();
  // The rest of the tab was never touched.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('region', { name: 'Tracks' })).toBeVisible();
});

test('every script of one remote failing: Retry inside the shell recovers it, the other tabs keep working', async ({
  page,
}) => {
  let failing = true;
  const fail = (route: Route) => (failing ? route.abort('connectionreset') : route.fallback());
  await openDashboard(page);
  await page.route(`${APP_URLS.music}/**`, fail);
  // Whatever the shell preloaded of Music is forgotten: a fresh page.
  await page.reload();
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();

  await page.getByRole('tab', { name: 'Music' }).click();
  const fallback = page.getByRole('alert');
  await expect(fallback).toContainText('The Music tab could not be loaded.');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('tab', { name: 'Preferences' })).toBeVisible();
  await page.getByRole('tab', { name: 'Music' }).click();
  await expect(fallback).toBeVisible();

  failing = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('region', { name: 'Tracks' })).toBeVisible();
  await expect(fallback).toBeHidden();
  await page.getByRole('button', { name: 'Add Music' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('the app’s first script failing as the page arrives: the page says so and loads it once back online', async ({
  page,
  context,
}) => {
  await openDashboard(page);
  let dropped = true;
  await page.route(MAIN_SCRIPT, (route) =>
    dropped ? route.abort('internetdisconnected') : route.fallback(),
  );
  await page.reload();
  await expect(offlineNotice(page)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Loading loofi' })).toBeVisible();

  dropped = false;
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
  await expect(page.getByRole('status')).toBeHidden();
});
