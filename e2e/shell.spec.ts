import { serveApp } from '@loofi/tooling/serve';
import type { RunningServer } from '@loofi/tooling/serve';
import { expect, GREETING, openDashboard, signIn, test } from './support/fixtures';
import { openMusicTab } from './support/music-page';
import { expectAccessible } from './support/screens';
import { HOST_WITH_BETA } from './support/suite-builds';
import { buildOf } from './support/variant-build';

test('the shell has its landmarks and a GitHub link that opens a new tab', async ({ page }) => {
  await openDashboard(page);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
  const github = page.getByRole('link', { name: 'View on GitHub' });
  await expect(github).toHaveAttribute('target', '_blank');
  await expect(github).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(github).toHaveAttribute('href', /^https:\/\/github\.com\//);
});

test('after sign-in the first Tab reaches the skip link, which jumps to the content', async ({
  page,
}) => {
  await openDashboard(page);
  const main = page.getByRole('main');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(main).toBeFocused();
  await expect(skip).not.toBeInViewport();

  // From the top of the page (a click on the top bar's empty corner), it comes first too.
  await page.mouse.click(1, 1);
  await page.keyboard.press('Shift+Tab');
  await expect(skip).toBeFocused();
});

test('Go Back and Go Forward follow the visited tabs, also from the keyboard', async ({ page }) => {
  await openDashboard(page);
  const back = page.getByRole('button', { name: 'Go Back' });
  const forward = page.getByRole('button', { name: 'Go Forward' });
  const tab = (name: string) => page.getByRole('tab', { name });
  await expect(back).toBeDisabled();
  await expect(forward).toBeDisabled();

  await tab('Music').click();
  await tab('Settings').click();
  await expect(back).toBeEnabled();
  await expect(forward).toBeDisabled();

  await back.click();
  await expect(tab('Music')).toHaveAttribute('aria-selected', 'true');
  await expect(forward).toBeEnabled();
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(tab('Home')).toHaveAttribute('aria-selected', 'true');
  await expect(back).toBeDisabled();
  await page.keyboard.press('Alt+ArrowRight');
  await expect(tab('Music')).toHaveAttribute('aria-selected', 'true');
  await forward.click();
  await expect(tab('Settings')).toHaveAttribute('aria-selected', 'true');
  await expect(forward).toBeDisabled();

  await tab('Settings').click();
  await expect(forward).toBeDisabled();
  await expect(back).toBeEnabled();

  // By the keyboard to the start of the history and back to its end: the focus stays in the
  // top bar, on the button that can still go somewhere, never dropped on the page.
  await back.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(tab('Home')).toHaveAttribute('aria-selected', 'true');
  await expect(back).toBeDisabled();
  await expect(forward).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(tab('Settings')).toHaveAttribute('aria-selected', 'true');
  await expect(forward).toBeDisabled();
  await expect(back).toBeFocused();
});

test('Alt+← in a field of a dialog moves the caret, and the tab stays with the text', async ({
  page,
}) => {
  await openDashboard(page);
  const music = await openMusicTab(page);
  await music.addMusic.click();
  const title = music.dialog('Add Music').getByRole('textbox', { name: 'Title' });
  await title.fill('Rain on the window');
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(title).toBeFocused();
  await expect(title).toHaveValue('Rain on the window');

  // With the dialog closed and the focus on the page, the same key goes back to Home.
  await page.keyboard.press('Escape');
  await expect(music.dialog('Add Music')).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Music' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Home' })).toHaveAttribute('aria-selected', 'true');
});

test('the active tab survives a reload', async ({ page }) => {
  await openDashboard(page);
  await page.getByRole('tab', { name: 'Music' }).click();
  await expect(page.getByRole('region', { name: 'Tracks' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Music' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Tracks' })).toBeVisible();
});

test('there is no Beta entry without the build flag', async ({ page }) => {
  await openDashboard(page);
  await expect(page.getByRole('button', { name: 'Beta' })).toHaveCount(0);
});

test('going offline shows the offline message until the connection is back', async ({
  page,
  context,
}) => {
  await openDashboard(page);
  const offline = page.getByText('You are offline. Some functionality may be unavailable.');
  await expect(offline).toBeHidden();
  await context.setOffline(true);
  await expect(offline).toBeVisible();
  await context.setOffline(false);
  await expect(offline).toBeHidden();
});

test.describe('an unhandled error', () => {
  test.use({ expectedPageErrors: /e2e: thrown on purpose/ });

  test('is written to the error log once, however often it is thrown', async ({ page }) => {
    await openDashboard(page);
    // Thrown three times from one place, then once from another: the second error is
    // written after the first, so once it is there, every write of the first has landed.
    await page.evaluate(() => {
      const fail = () => {
        throw new Error('e2e: thrown on purpose');
      };
      for (let index = 0; index < 3; index += 1) setTimeout(fail);
      setTimeout(() => {
        throw new Error('e2e: thrown on purpose, later');
      });
    });
    const readLogs = () =>
      page.evaluate(
        () =>
          new Promise<{ message: string; location: { line: number } }[]>((resolve, reject) => {
            const open = indexedDB.open('loofi');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const request = open.result.transaction('logs').objectStore('logs').getAll();
              request.onsuccess = () => resolve(request.result);
              request.onerror = () => reject(request.error);
            };
          }),
      );
    const logged = async (message: string) =>
      (await readLogs()).filter((entry) => entry.message.endsWith(message));
    await expect.poll(async () => (await logged('on purpose, later')).length).toBe(1);
    const entries = await logged('on purpose');
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry!.location.line).toBeGreaterThan(0);
  });
});

test.describe('a build with the Beta flag', () => {
  let host: RunningServer;
  const betaUrl = HOST_WITH_BETA.env.BETA_URL!;

  test.beforeAll(async () => {
    host = await serveApp('host', 0, await buildOf(HOST_WITH_BETA));
  });

  test.afterAll(async () => {
    await host?.close();
  });

  test('the Beta entry warns (both pass axe), Cancel stays, Continue leaves for the beta address', async ({
    page,
  }) => {
    await page.goto(`${host.url}/auth`);
    await signIn(page);
    await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
    await expectAccessible(page, 'Home with the Beta entry');
    await page.getByRole('button', { name: 'Beta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stability: Experimental' });
    await expect(dialog).toContainText('experimental');
    await expectAccessible(page, 'the Beta dialog');
    await expect(dialog).not.toContainText(betaUrl);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Beta' }).click();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Beta' }).click();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(betaUrl);
  });
});
