import { expect, GREETING, openDashboard, test, watchPolicyViolations } from './support/fixtures';
import {
  LAST_DASHBOARD as PICTURE,
  holdAppScript,
  openShadowTrees,
} from './support/last-dashboard';

test('a returning owner sees the dashboard they left before the app has arrived, then the live one', async ({
  page,
}) => {
  await openShadowTrees(page);
  const violations = await watchPolicyViolations(page);
  await openDashboard(page);
  await expect(page.getByRole('heading', { name: 'Queue' })).toBeVisible();

  const release = await holdAppScript(page);
  // Leaving the page keeps its picture; the next visit paints it from the HTML alone.
  await page.reload({ waitUntil: 'commit' });
  const picture = page.locator(PICTURE);
  await expect(picture.getByText(GREETING)).toBeVisible();
  await expect(picture.getByText('Queue', { exact: true })).toBeVisible();
  await expect(picture.locator('img').first()).toBeVisible();
  // The live page is not there yet: the sign-in page under the picture is still busy.
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toHaveAttribute(
    'aria-busy',
    'true',
  );

  await release();
  await expect(picture).toHaveCount(0);
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
  // Nothing is left over the live page: its tabs take a press at once.
  await page.getByRole('tab', { name: 'Music' }).click();
  await expect(page.getByRole('heading', { name: 'Music', level: 1 })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('the picture is painted only for the tab and the layout it shows', async ({ page }) => {
  await openShadowTrees(page);
  await openDashboard(page);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  // Left on Settings: the next visit opens Settings, and paints the Settings it left.
  let release = await holdAppScript(page);
  await page.reload({ waitUntil: 'commit' });
  await expect(page.locator(PICTURE).getByText('Settings').first()).toBeVisible();
  await release();
  await expect(page.locator(PICTURE)).toHaveCount(0);

  // The same owner on a phone-sized window: the wide picture is not the phone's layout.
  await page.goto('/manifest.webmanifest');
  await page.setViewportSize({ width: 390, height: 844 });
  release = await holdAppScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  await expect(page.locator(PICTURE)).toHaveCount(0);
  await release();
});

test('signing out forgets the owner’s last dashboard', async ({ page }) => {
  await openShadowTrees(page);
  await openDashboard(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => localStorage.getItem('last-dashboard'))).toBeNull();
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  await expect(page.locator(PICTURE)).toHaveCount(0);
});
