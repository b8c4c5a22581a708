import { musicTab } from '../support/music-page';
import { onePlayerPerBrowser } from '../support/two-tabs';
import { expect, openDashboard, test } from './site';

test('on the Firebase build, only one tab of the browser plays', async ({
  page,
  context,
  site,
}) => {
  // Two dashboards load, and the music plays a few seconds in each.
  test.setTimeout(60_000);
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
});
