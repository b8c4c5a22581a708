import type { Page, Route } from '@playwright/test';
import {
  expect,
  GREETING,
  openDashboard,
  signIn,
  test,
  watchPolicyViolations,
} from './support/fixtures';
import { holdAppScript } from './support/hold-app-script';
import { expectAccessible } from './support/screens';

const loading = (page: Page) => page.getByRole('progressbar', { name: 'Loading loofi' });
const signInButton = (page: Page) => page.getByRole('button', { name: 'Sign in with Google' });

/** Every control the owner can see on the page is disabled, and there is no link to follow. */
async function expectEveryControlDisabled(page: Page) {
  const controls = [
    ...(await page.getByRole('button').all()),
    ...(await page.getByRole('tab').all()),
    ...(await page.getByRole('slider').all()),
  ];
  expect(controls.length).toBeGreaterThan(0);
  for (const control of controls) await expect(control).toBeDisabled();
  await expect(page.getByRole('link')).toHaveCount(0);
}

test('a returning owner sees the dashboard’s shell loading before the app has arrived, then the live dashboard', async ({
  page,
}) => {
  const violations = await watchPolicyViolations(page);
  await openDashboard(page);

  const release = await holdAppScript(page);
  await page.reload({ waitUntil: 'commit' });
  // From the HTML alone: the shell's frame, saying that it loads, and never the sign-in page.
  await expect(loading(page)).toBeVisible();
  await expect(page.getByRole('main', { name: 'Tab content' })).toHaveAttribute(
    'aria-busy',
    'true',
  );
  await expect(page.getByRole('banner')).toContainText('loofi');
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  for (const tab of ['Home', 'Music', 'Settings']) {
    await expect(nav.getByRole('tab', { name: tab })).toBeDisabled();
  }
  const player = page.getByRole('region', { name: 'Player' });
  await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Go Back' })).toBeDisabled();
  await expectEveryControlDisabled(page);
  await expect(signInButton(page)).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeHidden();
  await expectAccessible(page, 'the starting shell');

  await release();
  // The live dashboard replaces it, and answers at once.
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
  await expect(loading(page)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Music' }).click();
  await expect(page.getByRole('heading', { name: 'Music', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go Back' })).toBeEnabled();
  expect(await violations()).toEqual([]);
});

test('a visitor who is not signed in sees the sign-in page, never the shell', async ({ page }) => {
  for (const path of ['/auth', '/']) {
    const release = await holdAppScript(page);
    await page.goto(path, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();
    await expect(signInButton(page)).toHaveAttribute('aria-busy', 'true');
    await expect(loading(page)).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeHidden();
    await expect(page.getByRole('region', { name: 'Player' })).toBeHidden();

    await release();
    await expect(signInButton(page)).toBeEnabled();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(loading(page)).toHaveCount(0);
  }
});

test('a returning owner whose account is off the whitelist now sees the sign-in page, not the shell', async ({
  page,
  context,
}) => {
  await openDashboard(page);
  const cookies = await context.cookies();
  await context.addCookies(
    cookies
      .filter((cookie) => cookie.name === '__Secure-email')
      .map((cookie) => ({ ...cookie, value: encodeURIComponent('someone@else.example') })),
  );
  await page.reload();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(signInButton(page)).toBeEnabled();
  await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();
  await expect(loading(page)).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toHaveCount(0);
});

test('a visitor who signs in sees the shell loading while the dashboard’s code arrives', async ({
  page,
}) => {
  const DASHBOARD_SCRIPT = /\/dashboard\.[0-9a-f]{8}\.js$/;
  const held: Route[] = [];
  await page.route(DASHBOARD_SCRIPT, (route) => void held.push(route));
  await page.goto('/auth');
  await signIn(page);
  // The shell's own code came during the sign-in: the whole frame, never a blank page.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner')).toContainText('loofi');
  await expect(loading(page)).toBeVisible();
  await expectEveryControlDisabled(page);

  await expect.poll(() => held.length).toBeGreaterThan(0);
  await Promise.all(held.map((route) => route.continue()));
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
  await expect(loading(page)).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a returning owner sees the phone’s shell loading, its tabs at the bottom, then the live one', async ({
    page,
  }) => {
    await openDashboard(page);
    const release = await holdAppScript(page);
    await page.reload({ waitUntil: 'commit' });
    await expect(loading(page)).toBeVisible();
    await expect(signInButton(page)).toBeHidden();
    // The phone's layout: the tabs, named, in a row under the player and the content.
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav.getByRole('tablist')).toHaveAttribute('aria-orientation', 'horizontal');
    await expect(nav.getByRole('tab', { name: 'Music' })).toHaveText('Music');
    const navBox = (await nav.boundingBox())!;
    const playerBox = (await page.getByRole('region', { name: 'Player' }).boundingBox())!;
    const mainBox = (await page.getByRole('main').boundingBox())!;
    expect(playerBox.y).toBeGreaterThanOrEqual(mainBox.y + mainBox.height - 1);
    expect(navBox.y).toBeGreaterThanOrEqual(playerBox.y + playerBox.height - 1);
    await expectEveryControlDisabled(page);

    await release();
    await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
    await expect(loading(page)).toHaveCount(0);
    await page.getByRole('tab', { name: 'Settings' }).tap();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  });
});
