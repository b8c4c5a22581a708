import type { Locator, Page } from '@playwright/test';
import type { Track } from '@loofi/contracts';
import { replaceLibrary } from './support/audio-fixtures';
import { expect, offlineNotice, openDashboard, test } from './support/fixtures';
import { openMusicTab } from './support/music-page';

// Every notice (the player's, a tab's, the offline one, a new version's) stacks in one place,
// above the player and a phone's tabs, in a row of its own: it never covers the content.

const tracks: Track[] = ['Rain', 'Snow', 'Fog'].map((title) => ({
  title,
  author: 'The Testers',
  audio: `https://example.org/${title}.mp3`,
  image: '',
}));

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
};

async function expectStackedAboveThePlayer(page: Page, notices: Locator[]) {
  const stack = page.getByRole('region', { name: 'Notices' });
  const main = await box(page.getByRole('main'));
  const player = await box(page.getByRole('region', { name: 'Player' }));
  for (const notice of notices) {
    await expect(stack.locator(notice)).toBeVisible();
    const shown = await box(notice);
    expect(shown.y).toBeGreaterThanOrEqual(main.y + main.height - 1);
    expect(shown.y + shown.height).toBeLessThanOrEqual(player.y + 1);
  }
}

for (const size of [
  { width: 1280, height: 800 },
  { width: 880, height: 600 },
  { width: 390, height: 844 },
  { width: 844, height: 390 },
]) {
  test(`a tab’s notice and the offline notice stack above the player at ${size.width} × ${size.height}`, async ({
    page,
    context,
  }) => {
    await page.setViewportSize(size);
    await openDashboard(page);
    await replaceLibrary(page, tracks);
    const music = await openMusicTab(page);
    await context.setOffline(true);
    await expect(offlineNotice(page)).toBeVisible();

    await music.row('Snow').getByRole('button', { name: 'More actions for Snow' }).click();
    await page.getByRole('menuitem', { name: 'Add to queue' }).click();
    const added = music.notice('“Snow” was added to the queue.');
    await expectStackedAboveThePlayer(page, [offlineNotice(page), added]);
    if (size.width < 600) {
      const tabs = await box(page.getByRole('navigation', { name: 'Dashboard' }));
      expect((await box(added)).y + (await box(added)).height).toBeLessThanOrEqual(tabs.y);
    }
    await context.setOffline(false);
  });
}

test('a menu opened from the player lies over a notice, and its items take the click', async ({
  page,
}) => {
  await page.setViewportSize({ width: 600, height: 800 });
  await openDashboard(page);
  // A name long enough to wrap: the notice rises high over the player.
  const long = { ...tracks[0]!, title: 'Q'.repeat(90) };
  await replaceLibrary(page, [long]);
  const music = await openMusicTab(page);
  await page.getByRole('button', { name: `More actions for ${long.title}` }).click();
  await page.getByRole('menuitem', { name: 'Add to queue' }).click();
  await expect(music.notice(`“${long.title}” was added to the queue.`)).toBeVisible();

  const player = page.getByRole('region', { name: 'Player' });
  await player.getByRole('button', { name: 'Sleep timer' }).click();
  // A press on each item lands on that item, not on the notice (a trial press checks where).
  for (const item of await page.getByRole('menuitemradio').all()) {
    await item.click({ trial: true, timeout: 5_000 });
  }
  await page.getByRole('menuitemradio', { name: 'End of track' }).click();
  await expect(player.getByRole('button', { name: 'Sleep timer: end of track' })).toBeVisible();
});

test('the offline notice can be dismissed, and comes back only when the state changes', async ({
  page,
  context,
}) => {
  await openDashboard(page);
  await context.setOffline(true);
  await expect(offlineNotice(page)).toBeVisible();
  await offlineNotice(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(offlineNotice(page)).toBeHidden();
  await expect(page.getByRole('main', { name: 'Tab content' })).toBeFocused();
  await context.setOffline(false);
  await context.setOffline(true);
  await expect(offlineNotice(page)).toBeVisible();
  await context.setOffline(false);
  await expect(offlineNotice(page)).toBeHidden();
});
