import type { Page } from '@playwright/test';
import type { Track } from '@loofi/contracts';
import { replaceLibrary } from './support/audio-fixtures';
import { expect, GREETING, openDashboard, test, untilControlled } from './support/fixtures';
import { importLibrary, openMusicTab } from './support/music-page';

// After every action that takes away or replaces what had the keyboard's focus, the focus
// goes where the owner acts next: never to the page's body.

const tracks = (...titles: string[]): Track[] =>
  titles.map((title) => ({
    title,
    author: 'The Testers',
    audio: `https://example.org/${encodeURIComponent(title)}.mp3`,
    image: '',
  }));

const playButton = (page: Page, title: string) =>
  page.getByRole('table', { name: 'Library' }).getByRole('button', { name: `Play ${title}` });

test('after a load the first Tab reaches Skip to content', async ({ page }) => {
  await openDashboard(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main', { name: 'Tab content' })).toBeFocused();
});

test('a Home card opened from the keyboard leaves the focus in the new tab’s content', async ({
  page,
}) => {
  await openDashboard(page);
  await page.getByRole('button', { name: 'Music', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Music' })).toHaveAttribute('aria-selected', 'true');
  const main = page.getByRole('main', { name: 'Tab content' });
  await expect(main).toBeFocused();
  // The next Tab goes on inside the content, not from the top of the page.
  await expect(page.getByRole('button', { name: 'Add Music' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(main.getByRole('button', { name: 'Add Music' })).toBeFocused();
});

test('Delete gives the focus to Undo; Undo to the restored row, Escape to the next row', async ({
  page,
}) => {
  await openDashboard(page);
  await replaceLibrary(page, tracks('Rain', 'Snow', 'Fog'));
  const music = await openMusicTab(page);

  const remove = async (title: string) => {
    await music.row(title).focus();
    await page.keyboard.press('Enter');
    const edit = music.dialog('Edit Music');
    await edit.getByRole('button', { name: 'Delete' }).click();
    await expect(edit).toBeHidden();
    const undo = music.notice(`Deleted “${title}”.`).getByRole('button', { name: 'Undo' });
    await expect(undo).toBeFocused();
    return undo;
  };

  await remove('Snow');
  await page.keyboard.press('Enter');
  await expect(music.notice('Restored “Snow”.')).toBeVisible();
  await expect(playButton(page, 'Snow')).toBeFocused();

  await remove('Rain');
  await page.keyboard.press('Escape');
  await expect(music.row('Rain')).toHaveCount(0);
  const next = await music.titles.first().textContent();
  await expect(playButton(page, next!)).toBeFocused();
});

test('a dialog or a menu closed gives the focus back to what opened it', async ({ page }) => {
  await openDashboard(page);
  await replaceLibrary(page, tracks('Rain', 'Snow'));
  const music = await openMusicTab(page);

  await music.addMusic.click();
  await expect(music.dialog('Add Music').getByRole('textbox', { name: 'Title' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(music.dialog('Add Music')).toBeHidden();
  await expect(music.addMusic).toBeFocused();

  await music.row('Rain').click();
  await music.dialog('Edit Music').getByRole('button', { name: 'Cancel' }).click();
  await expect(music.dialog('Edit Music')).toBeHidden();
  await expect(music.row('Rain')).toBeFocused();

  const more = music.row('Snow').getByRole('button', { name: 'More actions for Snow' });
  await more.click();
  await expect(page.getByRole('menu', { name: 'More actions for Snow' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(more).toBeFocused();
  await more.click();
  await page.getByRole('menuitem', { name: 'Add to queue' }).click();
  await expect(music.notice('“Snow” was added to the queue.')).toBeVisible();
  await expect(more).toBeFocused();
});

test('Import gives the focus back to Import once the file is in', async ({ page }) => {
  await openDashboard(page);
  await replaceLibrary(page, tracks('Rain'));
  const music = await openMusicTab(page);
  await importLibrary(page, { format: 'loofi-library', version: 1, tracks: tracks('Dusk') });
  await expect(music.notice('Imported 1 track.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeFocused();
});

test.describe('with the service worker', () => {
  // Kept tracks are stored by the service worker: let it run (the other tests block it).
  test.use({ serviceWorkers: 'allow' });

  test('Remove all offline copies leaves the focus on the Offline listening section', async ({
    page,
  }) => {
    const demo: Track = {
      title: 'Moonlit Bus Ride',
      author: 'loofi demo band',
      audio: '/demo/moonlit-bus-ride.wav',
      image: '/demo/moonlit-bus-ride.svg',
    };
    await openDashboard(page);
    await untilControlled(page);
    await replaceLibrary(page, [demo]);
    const music = await openMusicTab(page);
    await music
      .row(demo.title)
      .getByRole('button', { name: `More actions for ${demo.title}` })
      .click();
    await page.getByRole('menuitem', { name: 'Keep offline' }).click();
    await expect(music.notice(`“${demo.title}” is kept offline.`)).toBeVisible();

    await page.getByRole('tab', { name: 'Settings' }).click();
    const section = page.getByRole('region', { name: 'Offline listening' });
    await section.getByRole('button', { name: 'Remove all offline copies' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove all' }).click();
    await expect(section.getByRole('status')).toHaveText('All offline copies were removed.');
    await expect(section).toBeFocused();
    await section.getByRole('button', { name: 'Close' }).click();
    await expect(section).toBeFocused();
  });
});
