import type { Page } from '@playwright/test';
import { expect, GREETING, signIn, test } from './support/fixtures';
import { openMusicTab } from './support/music-page';
import { expectAccessible } from './support/screens';

/** Sign-in, the account chooser, Home, Music with every dialog tab, Settings, the menu. */
async function walkEveryScreen(page: Page) {
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  await expectAccessible(page, 'sign-in');

  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const popup = await popupPromise;
  await expect(popup.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
  await expectAccessible(popup, 'account chooser');
  await popup.close();
  await expect(page.getByRole('alert')).toHaveText('Something Went Wrong. Please Try Again Later.');
  await expectAccessible(page, 'sign-in with its error');

  await signIn(page);
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Play / }).first()).toBeVisible();
  await expectAccessible(page, 'Home');

  const music = await openMusicTab(page);
  await expectAccessible(page, 'Music');
  await music.addMusic.click();
  const dialog = music.dialog('Add Music');
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toBeVisible();
  await expectAccessible(page, 'Add Music › Manual Entry');
  for (const tab of ['Web Scraping', 'Jamendo API']) {
    await dialog.getByRole('tab', { name: tab }).click();
    await expect(dialog.getByRole('tabpanel', { name: tab })).toBeVisible();
    await expectAccessible(page, `Add Music › ${tab}`);
  }
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await music.titles.first().click();
  await expect(music.dialog('Edit Music')).toBeVisible();
  await expectAccessible(page, 'Edit Music');
  await page.keyboard.press('Escape');
  await expect(music.dialog('Edit Music')).toBeHidden();

  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Preferences' })).toBeVisible();
  await expectAccessible(page, 'Settings › Preferences');
  await page.getByRole('tab', { name: 'About' }).click();
  await expect(page.getByRole('region', { name: 'About' })).toBeVisible();
  await expectAccessible(page, 'Settings › About');

  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await expectAccessible(page, 'the account menu');
  await page.getByRole('menuitem', { name: 'Keyboard shortcuts' }).click();
  const keys = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(keys.getByRole('table', { name: 'Player' })).toBeVisible();
  await expectAccessible(page, 'the keyboard shortcuts');
  await keys.getByRole('button', { name: 'Close' }).click();
  await expect(keys).toBeHidden();
  // '?' opens it too, from wherever the keyboard is (the account button, here).
  await page.keyboard.press('?');
  await expect(keys.getByRole('row', { name: 'Shift plus → Next' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(keys).toBeHidden();
  await expect(page.getByRole('button', { name: 'Account' })).toBeFocused();
}

// Axe on every screen is about 22 s of work on a quiet 2-core machine (40 s a walk), and
// twice that when the machine is busy.
test('every screen passes axe on a desktop', async ({ page }) => {
  test.setTimeout(150_000);
  await walkEveryScreen(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('every screen passes axe on a phone, the whole player included', async ({ page }) => {
    test.setTimeout(150_000);
    await walkEveryScreen(page);
    const player = page.getByRole('region', { name: 'Player' });
    await player.getByRole('button', { name: 'Show the whole player' }).click();
    await expect(player.getByRole('slider', { name: 'Seek' })).toBeVisible();
    await expectAccessible(page, 'the whole player on a phone');
  });
});
