import { musicTab } from '../support/music-page';
import { onePlayerPerBrowser, oneQueuePerBrowser } from '../support/two-tabs';
import { expect, openDashboard, test } from './site';

test('on the Firebase build, only one tab of the browser plays, in one order', async ({
  page,
  context,
  site,
}) => {
  // Two dashboards load, and the music plays a few seconds in each.
  test.setTimeout(90_000);
  // Four entries (two of them sharing a file): the order has tracks to remove and move.
  const [rain, snow] = site.tracks;
  const library = [rain, snow, { ...rain, title: 'Rain Again' }, { ...snow, title: 'Snow Again' }];
  await site.emulators.setDatabaseValue('loofi-music', library);
  await site.emulators.setDatabaseValue('loofi-music-next', library.length);
  await openDashboard(page);
  // The library has arrived from the database: Play has tracks to play.
  await page.getByRole('tab', { name: 'Music' }).click();
  await expect(musicTab(page).row(site.tracks[0]!.title)).toBeVisible({ timeout: 10_000 });
  // The second tab opens on the tab the first one left (Music), signed in already.
  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByRole('tab', { name: 'Music', selected: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(second.getByRole('region', { name: 'Player' })).toBeVisible();

  await onePlayerPerBrowser(page, second);
  await oneQueuePerBrowser(page, second);
});
