import { musicTab, openMusicTab } from '../support/music-page';
import { untilControlled } from '../support/fixtures';
import { expect, GREETING, openDashboard, storedTitles, test } from './site';

// The page reloads with no network: the service worker serves it (the others block it).
test.use({ serviceWorkers: 'allow' });

const OFFLINE = 'You are offline. Some functionality may be unavailable.';

test('after one visit the library opens offline and a kept track plays; changes made offline survive a reload and reach the database once back online', async ({
  page,
  context,
  site,
}) => {
  const [rain, snow] = site.tracks;
  await openDashboard(page);
  await untilControlled(page);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('tab', { name: 'Preferences' })).toBeVisible();
  await page.getByRole('tab', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
  const music = await openMusicTab(page);
  await expect(music.row(rain.title)).toBeVisible();
  await expect(music.row(snow.title)).toBeVisible();
  // One track kept offline, for listening with no network.
  await music
    .row(snow.title)
    .getByRole('button', { name: `More actions for ${snow.title}` })
    .click();
  await page.getByRole('menuitem', { name: 'Keep offline' }).click();
  await expect(music.notice(`“${snow.title}” is kept offline.`)).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible();
  // The library as it was, from the page's own copy: the database's SDK keeps nothing.
  await expect(music.row(rain.title)).toBeVisible({ timeout: 15_000 });
  await expect(music.row(snow.title)).toBeVisible();

  await music.row(rain.title).click();
  const edit = music.dialog('Edit Music');
  await edit.getByRole('textbox', { name: 'Title' }).fill('Rain, Edited Offline');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(edit).toBeHidden();
  await music.addMusic.click();
  const add = music.dialog('Add Music');
  await add.getByRole('textbox', { name: 'Title' }).fill('Written Offline');
  await add.getByRole('textbox', { name: 'Author' }).fill('The Train');
  await add.getByRole('textbox', { name: 'Audio' }).fill('https://example.org/train.mp3');
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add).toBeHidden();
  await expect(music.row('Written Offline')).toBeVisible();

  // Kept on disk: a reload, still offline, shows both changes.
  await page.reload();
  const again = musicTab(page);
  await expect(again.row('Rain, Edited Offline')).toBeVisible({ timeout: 15_000 });
  await expect(again.row('Written Offline')).toBeVisible();
  await expect(again.row(snow.title)).toBeVisible();
  expect(await storedTitles(site)).toEqual([rain.title, snow.title].sort());

  // The kept track plays, from the service worker.
  const player = page.getByRole('region', { name: 'Player' });
  await again
    .row(snow.title)
    .getByRole('button', { name: `Play ${snow.title}` })
    .click();
  await expect(player.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expect
    .poll(async () =>
      Number(await player.getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuenow')),
    )
    .toBeGreaterThanOrEqual(1);
  await player.getByRole('button', { name: 'Pause', exact: true }).click();

  // Back online: written to the database, each once.
  await context.setOffline(false);
  await expect
    .poll(() => storedTitles(site), { timeout: 20_000 })
    .toEqual(['Rain, Edited Offline', snow.title, 'Written Offline'].sort());
  await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeHidden();
  await expect(again.row('Written Offline')).toBeVisible();
  await expect(again.counter).toContainText('3');
});
