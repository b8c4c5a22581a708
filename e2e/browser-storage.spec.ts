import type { Page } from '@playwright/test';
import { expect, GREETING, openDashboard, test } from './support/fixtures';
import { openMusicTab } from './support/music-page';

/** The most one entry of the browser's storage may hold, in bytes. */
const ENTRY_BUDGET_BYTES = 16 * 1024;

/**
 * Each localStorage entry and its size in bytes: its key and value in UTF-16 code units,
 * two bytes each, as the browser keeps them.
 */
const storageEntries = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage).map((key) => ({
      key,
      bytes: (key.length + (localStorage.getItem(key) ?? '').length) * 2,
    })),
  );

test('after a walk through every tab, no entry of the browser’s storage is over 16 kB', async ({
  page,
}) => {
  await openDashboard(page);
  const player = page.getByRole('region', { name: 'Player' });
  await player.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(player.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await player.getByRole('button', { name: 'Queue' }).click();
  const queue = page.getByRole('dialog', { name: 'Queue' });
  await expect(queue).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(queue).toBeHidden();

  const music = await openMusicTab(page);
  await music.search.fill('a');
  await music.addMusic.click();
  await music.dialog().getByRole('button', { name: 'Cancel' }).click();
  await expect(music.dialog()).toBeHidden();

  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Themes' }).click();
  await page.getByRole('button', { name: 'Forest', exact: true }).click();
  await page.getByRole('tab', { name: 'About' }).click();
  await expect(page.getByRole('tabpanel', { name: 'About' })).toBeVisible();
  await page.getByRole('tab', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();

  // Leaving and coming back is when a page writes what it keeps.
  await page.reload();
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
  const entries = await storageEntries(page);
  expect(entries.map(({ key }) => key)).toContain('tab-session');
  const over = entries.filter(({ bytes }) => bytes > ENTRY_BUDGET_BYTES);
  expect(over, 'entries over 16 kB').toEqual([]);
});

test('the picture of the last dashboard an earlier version kept is removed', async ({ page }) => {
  await openDashboard(page);
  await page.evaluate(() =>
    localStorage.setItem('last-dashboard', JSON.stringify({ version: 1, css: 'x'.repeat(60_000) })),
  );
  await page.reload();
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('last-dashboard'))).toBeNull();
});
