import type { Page } from '@playwright/test';
import { replaceLibrary } from './support/audio-fixtures';
import { expect, GREETING, openDashboard, test } from './support/fixtures';

const queue = (page: Page) => page.getByRole('region', { name: 'Queue' });
const tab = (page: Page, name: string) => page.getByRole('tab', { name });
/** The card (list item) that holds the button of that name. */
const cardOf = (page: Page, button: string) =>
  queue(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: button, exact: true }) });

test('the Music and Settings cards open their tabs; the dash card does nothing', async ({
  page,
}) => {
  await openDashboard(page);
  await page.getByText('-', { exact: true }).click();
  await expect(tab(page, 'Home')).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: 'Music', exact: true }).click();
  await expect(tab(page, 'Music')).toHaveAttribute('aria-selected', 'true');

  await tab(page, 'Home').click();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(tab(page, 'Settings')).toHaveAttribute('aria-selected', 'true');
});

test('a track card plays its track, and the playing card carries the pause class', async ({
  page,
}) => {
  await openDashboard(page);
  const cards = queue(page).getByRole('listitem');
  await expect(cards).toHaveCount(4);
  await expect(queue(page).locator('.pause')).toHaveCount(0);

  const firstPlay = queue(page)
    .getByRole('button', { name: /^Play / })
    .first();
  const title = await firstPlay.locator('p').first().innerText();
  const author = await firstPlay.locator('p').nth(1).innerText();
  // Named by what the card shows, title and author (WCAG 2.5.3); its cover is decorative.
  const shown = `${title} ${author}`;
  await expect(firstPlay).toHaveAccessibleName(`Play ${shown}`);
  const cover = firstPlay.locator('img');
  await expect(cover).toHaveAttribute('alt', '');
  await expect(cover).toHaveAttribute('loading', 'eager');
  await expect
    .poll(() => cover.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  await firstPlay.click();

  const pause = queue(page).getByRole('button', { name: `Pause ${shown}`, exact: true });
  await expect(pause).toBeVisible();
  await expect(cardOf(page, `Pause ${shown}`)).toHaveClass(/\bpause\b/);
  await expect(queue(page).locator('.pause')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Player' }).getByTestId('player-title')).toHaveText(
    title,
  );

  await pause.click();
  const play = queue(page).getByRole('button', { name: `Play ${shown}`, exact: true });
  await expect(play).toBeVisible();
  await expect(cardOf(page, `Play ${shown}`)).not.toHaveClass(/\bpause\b/);
  await expect(queue(page).locator('.pause')).toHaveCount(0);
});

test('with an empty library, Home says so and leads to the Music tab', async ({ page }) => {
  await openDashboard(page);
  await replaceLibrary(page, []);
  await expect(queue(page).getByText('Your library is empty')).toBeVisible();
  await expect(queue(page).getByRole('listitem')).toHaveCount(0);
  await queue(page).getByRole('button', { name: 'Add tracks' }).click();
  await expect(tab(page, 'Music')).toHaveAttribute('aria-selected', 'true');
});

test('the greeting changes at noon without a reload', async ({ page }) => {
  const almostNoon = new Date();
  almostNoon.setHours(11, 59, 0, 0);
  await page.clock.install({ time: almostNoon });
  await openDashboard(page);
  const greeting = page.getByRole('heading', { name: GREETING });
  await expect(greeting).toHaveText('Good Morning');
  await page.clock.fastForward(60_000);
  await expect(greeting).toHaveText('Good Afternoon');
});
