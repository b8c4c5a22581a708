import { expect, openDashboard, pointRemotes, test } from './support/fixtures';
import { musicTab } from './support/music-page';
import { exposedRelease, ReceivedScripts } from './support/redeploy';
import { NEXT_MUSIC_RELEASE } from './support/suite-builds';
import { buildOf } from './support/variant-build';

test('a remote redeployed while its tab is open: a chunk that is gone shows Retry, and Retry or the next visit to the tab loads the new release, without a reload', async ({
  page,
  serveRemote,
}) => {
  // A build of the next release takes longer than a test.
  test.setTimeout(90_000);
  // The next release of Music: the same code, every chunk under a new name.
  const next = await buildOf(NEXT_MUSIC_RELEASE);
  let music = await serveRemote('music');
  await pointRemotes(page, { music: music.url });
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  const received = new ReceivedScripts(page);
  const navigations: string[] = [];

  await openDashboard(page);
  await page.getByRole('tab', { name: 'Music' }).click();
  const tab = musicTab(page);
  await expect(tab.titles.first()).toBeVisible();
  page.on('framenavigated', (frame) => navigations.push(frame.url()));

  // Redeployed at the same address: the old chunks are gone.
  await music.close();
  music = await serveRemote('music', { port: music.port, root: next });

  // A panel whose chunk the page had not fetched yet now answers 404.
  await tab.addMusic.click();
  await tab.dialog('Add Music').getByRole('tab', { name: 'Web Scraping' }).click();
  const fallback = page.getByRole('alert').filter({ hasText: 'The Music tab was updated' });
  await expect(fallback).toBeVisible({ timeout: 10_000 });
  received.clear();
  await fallback.getByRole('button', { name: 'Retry' }).click();
  await expect(tab.titles.first()).toBeVisible();
  const nextApp = await exposedRelease(next);
  expect(
    await received.digestsOf(`${music.url}/${nextApp.file}`),
    "the new release's ./App",
  ).toEqual([nextApp.digest]);
  await tab.addMusic.click();
  await tab.dialog('Add Music').getByRole('tab', { name: 'Web Scraping' }).click();
  await expect(tab.dialog('Add Music').getByRole('textbox', { name: 'URL' })).toBeVisible();
  await tab.dialog('Add Music').getByRole('button', { name: 'Cancel' }).click();

  // Redeployed again (back to the first build's names): this time the owner just moves on.
  requested.length = 0;
  await music.close();
  music = await serveRemote('music', { port: music.port });
  await tab.addMusic.click();
  await tab.dialog('Add Music').getByRole('tab', { name: 'Jamendo API' }).click();
  await expect(fallback).toBeVisible({ timeout: 10_000 });
  // The shell and the other tabs keep working; coming back to Music loads its new release.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('tab', { name: 'Preferences' })).toBeVisible();
  await page.getByRole('tab', { name: 'Music' }).click();
  await expect(tab.titles.first()).toBeVisible();
  await expect(fallback).toBeHidden();
  expect(requested, "the release's manifest, fetched again").toContain(
    `${music.url}/mf-manifest.json`,
  );
  await tab.addMusic.click();
  await tab.dialog('Add Music').getByRole('tab', { name: 'Jamendo API' }).click();
  await expect(tab.dialog('Add Music').getByText(/Jamendo is not configured/)).toBeVisible();
  expect(navigations, 'no reload').toEqual([]);
});
