import type { Page } from '@playwright/test';
import { APP_URLS } from './support/apps';
import { expect, GREETING, openDashboard, test } from './support/fixtures';

/** A file of the Home or Music remote, by its path. */
const home = (file: string) => new URL(file, APP_URLS.home).href;
const music = (file: string) => new URL(file, APP_URLS.music).href;

/** Every URL the page asks for from now on, in order. */
function recordRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  return requested;
}

const TILE_SEED = /data-tile-seed="(\d+)"/;

test('the sign-in page paints from the HTML alone, its button busy until the app has loaded', async ({
  page,
}) => {
  // No script arrives at all: what shows is the prerendered document.
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();
  await expect(page.getByTestId('sign-in-tile')).toHaveCount(79);
  // Never a dead click: until the app takes over, the button says it is busy.
  const button = page.getByRole('button', { name: 'Sign in with Google' });
  await expect(button).toBeDisabled();
  await expect(button).toHaveAttribute('aria-busy', 'true');
});

test('the page paints before the app’s first script runs, and then the app takes over', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const seen = window as unknown as { paintedAt?: number; appScriptAt?: number };
    new PerformanceObserver((list) => {
      seen.paintedAt ??= list.getEntries()[0]?.startTime;
    }).observe({ type: 'paint', buffered: true });
    // Sees the parser's script elements as well as those a script adds.
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLScriptElement && /\/main\.[0-9a-f]{8}\.js$/.test(node.src)) {
            seen.appScriptAt ??= performance.now();
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  const { paintedAt, appScriptAt } = await page.evaluate(() => {
    const seen = window as unknown as { paintedAt?: number; appScriptAt?: number };
    return { paintedAt: seen.paintedAt, appScriptAt: seen.appScriptAt };
  });
  expect(paintedAt, 'the page painted').toBeDefined();
  expect(appScriptAt, 'the app’s first script was added to the page').toBeDefined();
  expect(appScriptAt!).toBeGreaterThanOrEqual(paintedAt!);
});

test('the app takes the prerendered page over in place, with the same tiles and no error', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));

  const served = await (await page.request.get('/auth')).text();
  const seed = TILE_SEED.exec(served)?.[1];
  expect(seed, 'the served page carries its tiles’ seed').toBeDefined();

  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  await expect(page.getByTestId('sign-in-backdrop')).toHaveAttribute('data-tile-seed', seed!);
  await expect(page.getByTestId('sign-in-tile')).toHaveCount(79);
  expect(errors, 'hydration raised no error').toEqual([]);
});

test('a returning owner loads the dashboard from the prerendered page, and unknown paths redirect', async ({
  page,
}) => {
  await openDashboard(page);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
});

test('a returning owner’s page starts the first tab’s remote from the HTML, each file fetched once', async ({
  page,
  consoleMessages,
}) => {
  await openDashboard(page);
  const requested = recordRequests(page);

  // Without the app's first script, the page's inline start script alone asks for the list
  // of remotes, the landing tab's manifest and that remote's entry.
  const MAIN_SCRIPT = /\/main\.[0-9a-f]{8}\.js$/;
  await page.route(MAIN_SCRIPT, (route) => route.abort());
  await page.reload();
  await expect
    .poll(() => requested)
    .toEqual(
      expect.arrayContaining([
        new URL('/remotes.json', page.url()).href,
        home('/mf-manifest.json'),
        home('/remoteEntry.js'),
      ]),
    );
  await page.unroute(MAIN_SCRIPT);

  // With it, the app takes those responses over: nothing is fetched twice.
  requested.length = 0;
  const messagesBefore = consoleMessages.length;
  await page.reload();
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
  const count = (path: string) => requested.filter((each) => each === path).length;
  const dashboardChunk = requested.find((url) => /\/dashboard\.[0-9a-f]{8}\.js$/.test(url));
  expect(dashboardChunk, 'the dashboard chunk is fetched').toBeDefined();
  for (const url of [
    new URL('/remotes.json', page.url()).href,
    home('/mf-manifest.json'),
    home('/remoteEntry.js'),
    dashboardChunk!,
  ]) {
    expect(count(url), `${url} is fetched once`).toBe(1);
  }
  expect(
    consoleMessages.slice(messagesBefore).filter((message) => message.startsWith('error')),
    'the Content-Security-Policy allows the inline script: no violation is logged',
  ).toEqual([]);
});

test('a returning owner’s page asks for the landing tab’s manifest and entry beside remotes.json, not after it', async ({
  page,
}) => {
  // The visit before this one loaded Home: the page keeps where it found it.
  await openDashboard(page);
  const requested = recordRequests(page);

  // remotes.json held on the network: the landing tab's files are asked for meanwhile.
  let answer: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/remotes.json', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect
    .poll(() => requested)
    .toEqual(expect.arrayContaining([home('/mf-manifest.json'), home('/remoteEntry.js')]));
  await expect(page.getByRole('heading', { name: GREETING })).toBeHidden();

  // Its answer still decides: the tab shows once it has come.
  answer();
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
  expect(requested.filter((url) => url === home('/remoteEntry.js'))).toHaveLength(1);
});

test('the inline start script starts the UI kit a landing tab renders with, and only for such a tab', async ({
  page,
}) => {
  await openDashboard(page);
  const requested = recordRequests(page);
  const FULL_KIT = /\/full-kit\.[0-9a-f]{8}\.js$/;
  const MAIN_SCRIPT = /\/main\.[0-9a-f]{8}\.js$/;

  // Home renders with the shell's kit alone: its manifest lists no full kit.
  await page.route(MAIN_SCRIPT, (route) => route.abort());
  await page.reload();
  await expect.poll(() => requested).toContain(home('/remoteEntry.js'));
  expect(requested.filter((url) => FULL_KIT.test(url))).toEqual([]);
  await page.unroute(MAIN_SCRIPT);

  await page.reload();
  await page.getByRole('tab', { name: 'Music' }).click();
  await expect(page.getByRole('heading', { name: 'Music', level: 1 })).toBeVisible();

  // Music's manifest lists the full kit: the script starts it beside Music's entry, before
  // the app's first script has run.
  requested.length = 0;
  await page.route(MAIN_SCRIPT, (route) => route.abort());
  await page.reload();
  await expect
    .poll(() => requested)
    .toEqual(expect.arrayContaining([music('/mf-manifest.json'), music('/remoteEntry.js')]));
  await expect.poll(() => requested.some((url) => FULL_KIT.test(url))).toBe(true);
});
