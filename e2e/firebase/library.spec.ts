import type { BrowserContext, Locator, Page } from '@playwright/test';
import type { Track } from '@loofi/contracts';
import { exportLibrary, importLibrary, musicTab, openMusicTab } from '../support/music-page';
import { expect, openDashboard, storedLibrary, storedTitles, test } from './site';

const DUPLICATE = 'This music already exists in your library. Please check the title and author.';

/**
 * Another page of the owner's signed-in session. (A sign-in on another browser writes a new
 * token, which signs the first one out: one session at a time, SPEC §4.)
 */
async function secondPage(context: BrowserContext) {
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  // It opens on the tab the first page left it on (tab-session): Music.
  await page.goto('/');
  await expect(musicTab(page).table).toBeVisible({ timeout: 15_000 });
  return { page, errors };
}

/** Types a track into the Manual Entry form of a dialog. */
async function fillTrack(dialog: Locator, track: Track) {
  await dialog.getByRole('textbox', { name: 'Title' }).fill(track.title);
  await dialog.getByRole('textbox', { name: 'Author' }).fill(track.author);
  await dialog.getByRole('textbox', { name: 'Audio' }).fill(track.audio);
}

const handmade: Track = {
  title: 'Handmade Tape',
  author: 'The Testers',
  audio: 'https://example.org/handmade.mp3',
  image: '',
};

test('a track added in one page appears live in another, and is refused there as a duplicate', async ({
  page,
  context,
  site,
}) => {
  const [rain, snow] = site.tracks;
  await openDashboard(page);
  const music = await openMusicTab(page);
  await expect(music.row(rain.title)).toBeVisible();
  await expect(music.row(snow.title)).toBeVisible();

  const other = await secondPage(context);
  try {
    const elsewhere = musicTab(other.page);
    // The other page starts typing the same music before this one adds it …
    await elsewhere.addMusic.click();
    const late = elsewhere.dialog('Add Music');
    await fillTrack(late, handmade);
    await expect(late.getByRole('button', { name: 'Add', exact: true })).toBeEnabled();

    await music.addMusic.click();
    const add = music.dialog('Add Music');
    await fillTrack(add, handmade);
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(add).toBeHidden();
    await expect(music.notice('Added “Handmade Tape”.')).toBeVisible();
    await expect(music.counter).toContainText('3');

    // … and sees it arrive without a reload: its Add turns into the duplicate message.
    await expect(late.getByText(DUPLICATE)).toBeVisible();
    await expect(late.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
    await late.getByRole('button', { name: 'Cancel' }).click();
    await expect(elsewhere.row(handmade.title)).toBeVisible();
    await expect(elsewhere.counter).toContainText('3');
    expect(await storedTitles(site)).toEqual([handmade.title, rain.title, snow.title].sort());

    // Both pages import one file at the same moment: the database holds each music once.
    const batch = ['Dawn', 'Dusk', 'Midnight'].map((title): Track => ({
      title,
      author: 'Two Devices',
      audio: `https://example.org/${title}.mp3`,
      image: '',
    }));
    const importOn = (target: Page) =>
      importLibrary(target, { format: 'loofi-library', tracks: batch });
    await Promise.all([importOn(page), importOn(other.page)]);
    await expect(music.counter).toContainText('6');
    await expect(elsewhere.counter).toContainText('6');
    expect(await storedTitles(site)).toEqual(
      [handmade.title, rain.title, snow.title, ...batch.map((track) => track.title)].sort(),
    );
    expect(other.errors.map((error) => error.message)).toEqual([]);
  } finally {
    await other.page.close();
  }

  // Written to the database, not only shown: a reload reads it back.
  await page.reload();
  await expect(musicTab(page).row(handmade.title)).toBeVisible({ timeout: 10_000 });
});

test('update, delete and Undo write the entry in the database, and the other tracks keep their keys', async ({
  page,
  site,
}) => {
  const [rain, snow] = site.tracks;
  await openDashboard(page);
  const music = await openMusicTab(page);

  await music.row(rain.title).click();
  const edit = music.dialog('Edit Music');
  await expect(edit.getByRole('textbox', { name: 'Title' })).toHaveValue(rain.title);
  await edit.getByRole('textbox', { name: 'Title' }).fill('Rain, Side B');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(edit).toBeHidden();
  await expect(music.row('Rain, Side B')).toBeVisible();
  await expect
    .poll(() => storedLibrary(site))
    .toEqual({
      0: { ...rain, title: 'Rain, Side B' },
      1: snow,
    });

  await music.row('Rain, Side B').click();
  await edit.getByRole('button', { name: 'Delete' }).click();
  await expect(edit).toBeHidden();
  await expect(music.row('Rain, Side B')).toHaveCount(0);
  await expect(music.counter).toContainText('1');
  // A removed entry leaves a hole: the other track keeps its key.
  await expect.poll(() => storedLibrary(site)).toEqual({ 1: snow });

  await music.notice('Deleted “Rain, Side B”.').getByRole('button', { name: 'Undo' }).click();
  await expect(music.row('Rain, Side B')).toBeVisible();
  await expect(music.counter).toContainText('2');
  await expect
    .poll(async () =>
      Object.values(await storedLibrary(site))
        .map((track) => track.title)
        .sort(),
    )
    .toEqual(['Rain, Side B', snow.title]);

  // An edit into music the library holds already is refused, and nothing is written.
  await music.row('Rain, Side B').click();
  await edit.getByRole('textbox', { name: 'Title' }).fill(snow.title.toUpperCase());
  await expect(edit.getByText(DUPLICATE)).toBeVisible();
  await expect(edit.getByRole('button', { name: 'Update' })).toBeDisabled();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  expect(await storedTitles(site)).toEqual(['Rain, Side B', snow.title]);
});

test('export the library, then import it back: only the missing music is added', async ({
  page,
  site,
}) => {
  const [rain, snow] = site.tracks;
  await openDashboard(page);
  const music = await openMusicTab(page);

  const exported = await exportLibrary(page);
  expect(exported.format).toBe('loofi-library');
  expect([...exported.tracks].sort((a, b) => a.title.localeCompare(b.title))).toEqual([rain, snow]);

  // The library loses a track; the export brings it back, and adds nothing twice.
  await site.emulators.setDatabaseValue('loofi-music/0', null);
  await expect(music.row(rain.title)).toHaveCount(0);
  const extra: Track = {
    title: 'Imported Once',
    author: 'The Backup',
    audio: 'https://example.org/imported.mp3',
    image: '',
  };
  await importLibrary(page, { ...exported, tracks: [...exported.tracks, extra, { ...extra }] });
  await expect(music.notice('Imported 2 tracks; skipped 2 duplicates.')).toBeVisible();
  await expect(music.row(rain.title)).toBeVisible();
  await expect(music.row(extra.title)).toBeVisible();
  await expect(music.counter).toContainText('3');
  expect(await storedTitles(site)).toEqual([extra.title, rain.title, snow.title].sort());
});
