import type { Page } from '@playwright/test';
import type { Track } from '@loofi/contracts';
import { replaceLibrary, serveTones } from './support/audio-fixtures';
import type { AudioServer } from './support/audio-fixtures';
import { expect, GREETING, openDashboard, test } from './support/fixtures';
import { onePlayerPerBrowser, oneQueuePerBrowser } from './support/two-tabs';

let audio: AudioServer;
let tracks: Track[];

test.beforeAll(async () => {
  ({ audio, tracks } = await serveTones([262, 302, 342, 382]));
});

test.afterAll(async () => {
  await audio.close();
});

test('only one tab of the browser plays, in one order; Play here and Play move the music at its position', async ({
  page,
  context,
}) => {
  // Two dashboards load, and the music plays a few seconds in each.
  test.setTimeout(90_000);
  await openDashboard(page);
  await replaceLibrary(page, tracks);
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
  await page.getByRole('tab', { name: 'Music' }).click();
  // The second tab opens on the tab the first one left (Music), signed in already.
  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByRole('tab', { name: 'Music', selected: true })).toBeVisible();
  await expect(second.getByRole('region', { name: 'Player' })).toBeVisible();

  await onePlayerPerBrowser(page, second);
  await oneQueuePerBrowser(page, second);

  // The ambience plays with the music's tab: the other tab taking the music silences it.
  const bar = (tab: Page) => tab.getByRole('region', { name: 'Player' });
  const panel = (tab: Page) => tab.getByRole('dialog', { name: 'Ambience' });
  await bar(page).getByRole('button', { name: 'Ambience' }).click();
  await panel(page).getByRole('button', { name: 'Play ambience' }).click();
  await expect(panel(page).getByRole('button', { name: 'Pause ambience' })).toBeVisible();
  await bar(second).getByRole('button', { name: 'Play here' }).click();
  await expect(bar(second).getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(panel(page).getByRole('button', { name: 'Play ambience' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The volume given in the tab that does not play is the music's, where it plays.
  const volume = (tab: Page) => bar(tab).getByRole('slider', { name: 'Volume' });
  await volume(page).focus();
  await page.keyboard.press('Home');
  await expect(volume(second)).toHaveAttribute('aria-valuetext', '0%');
  await expect(volume(page)).toHaveAttribute('aria-valuetext', '0%');
  await expect(bar(second).getByRole('button', { name: 'Pause' })).toBeVisible();
});
