import type { Page } from '@playwright/test';
import { expect, GREETING, openDashboard, test } from './support/fixtures';
import { musicTab } from './support/music-page';
import { expectFingerSizedTargets } from './support/screens';

// A phone: 390 × 844 CSS pixels, touch.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Nothing on the page is wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('on a phone the tabs are a bottom navigation, the player a compact row, dialogs take the screen, nothing scrolls sideways', async ({
  page,
}) => {
  await page.goto('/auth');
  await expectNoSidewaysScroll(page);
  await openDashboard(page);
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectFingerSizedTargets(page, 'Home');

  // The navigation sits at the bottom, under the content and the player, tabs named.
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  const navBox = await nav.boundingBox();
  const mainBox = await page.getByRole('main').boundingBox();
  const playerBox = await page.getByRole('region', { name: 'Player' }).boundingBox();
  expect(navBox && mainBox && playerBox).toBeTruthy();
  expect(navBox!.y).toBeGreaterThan(mainBox!.y + mainBox!.height - 1);
  expect(navBox!.y).toBeGreaterThanOrEqual(playerBox!.y + playerBox!.height - 1);
  expect(navBox!.y + navBox!.height).toBeLessThanOrEqual(844 + 1);
  await expect(nav.getByRole('tab', { name: 'Music' })).toContainText('Music');

  // The player is one compact row (at most a sixth of the screen) until asked for more.
  const player = page.getByRole('region', { name: 'Player' });
  expect(playerBox!.height).toBeLessThanOrEqual(844 / 6);
  await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect(player.getByRole('button', { name: 'Next', exact: true })).toBeVisible();
  await expect(player.getByRole('slider', { name: 'Seek' })).toHaveCount(0);
  await player.getByRole('button', { name: 'Show the whole player' }).tap();
  await expect(player.getByRole('slider', { name: 'Seek' })).toBeVisible();
  await expect(player.getByRole('slider', { name: 'Volume' })).toBeVisible();
  await expect(player.getByRole('button', { name: 'Previous', exact: true })).toBeVisible();
  await expectFingerSizedTargets(page, 'the whole player');
  await player.getByRole('button', { name: 'Show less of the player' }).tap();
  await expect(player.getByRole('slider', { name: 'Seek' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  // A tap opens a tab (and leaves no tooltip behind); the tab stays selected.
  await nav.getByRole('tab', { name: 'Music' }).tap();
  await expect(nav.getByRole('tab', { name: 'Music' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  const music = musicTab(page);
  await expect(music.titles.first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectFingerSizedTargets(page, 'Music');
  // Each track is two lines, its play button beside them: the title, cut rather than wrapped,
  // and the author under it; the paging controls stay on the screen.
  const firstRow = music.row(await music.titles.first().innerText());
  const titleBox = await firstRow.getByRole('rowheader').boundingBox();
  // The author's cell: the one with text and no button (the row's play and More actions
  // buttons have cells of their own).
  const authorBox = await firstRow
    .getByRole('cell')
    .filter({ hasNot: page.getByRole('button') })
    .filter({ hasText: /\S/ })
    .boundingBox();
  const playBox = await firstRow.getByRole('button', { name: /^Play / }).boundingBox();
  expect(authorBox!.y).toBeGreaterThanOrEqual(titleBox!.y + titleBox!.height - 1);
  expect(authorBox!.x).toBeCloseTo(titleBox!.x, 0);
  expect(playBox!.x + playBox!.width).toBeLessThanOrEqual(titleBox!.x + 1);
  await expect(firstRow.getByRole('rowheader')).toHaveCSS('text-overflow', 'ellipsis');
  await expect(firstRow.getByRole('rowheader')).toHaveCSS('white-space', 'nowrap');
  const next = page.getByRole('button', { name: 'Go to next page' });
  await next.scrollIntoViewIfNeeded();
  const nextBox = await next.boundingBox();
  expect(nextBox!.x + nextBox!.width).toBeLessThanOrEqual(390);

  await music.addMusic.tap();
  const dialog = music.dialog('Add Music');
  await expect(dialog).toBeVisible();
  const dialogBox = await dialog.boundingBox();
  expect(dialogBox?.width).toBeGreaterThanOrEqual(389);
  expect(dialogBox?.height).toBeGreaterThanOrEqual(843);
  await expectFingerSizedTargets(page, 'Add Music');
  // Every way to add music shows whole, whichever is chosen: none is cut at an edge.
  const expectWholeTabs = async () => {
    for (const name of ['Manual Entry', 'Web Scraping', 'Jamendo API']) {
      const box = (await dialog.getByRole('tab', { name }).boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(390);
    }
  };
  await expectWholeTabs();
  await dialog.getByRole('tab', { name: 'Jamendo API' }).tap();
  await expect(dialog.getByRole('tab', { name: 'Jamendo API' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expectWholeTabs();
  await expectNoSidewaysScroll(page);
  await expectFingerSizedTargets(page, 'Add Music › Jamendo API');
  await dialog.getByRole('button', { name: 'Cancel' }).tap();
  await expect(dialog).toBeHidden();

  // A tab's notice (here the Undo of a delete) shows above the player and the tabs.
  const first = await music.titles.first().innerText();
  await music.row(first).tap();
  await music.dialog('Edit Music').getByRole('button', { name: 'Delete' }).tap();
  const deleted = music.notice(`Deleted “${first}”.`);
  await expect(deleted).toBeVisible();
  const deletedBox = await deleted.boundingBox();
  expect(deletedBox!.y + deletedBox!.height).toBeLessThanOrEqual(playerBox!.y);
  await deleted.getByRole('button', { name: 'Undo' }).tap();
  await expect(music.row(first)).toBeVisible();

  // Offline, the notice leaves the player and the tabs at the bottom usable.
  await page.context().setOffline(true);
  const notice = page.getByRole('status').filter({
    hasText: 'You are offline. Some functionality may be unavailable.',
  });
  await expect(notice).toBeVisible();
  const noticeBox = await notice.boundingBox();
  expect(noticeBox!.y + noticeBox!.height).toBeLessThanOrEqual(playerBox!.y);
  // ... and the top bar (history, the account) too.
  const bannerBox = await page.getByRole('banner').boundingBox();
  expect(noticeBox!.y).toBeGreaterThanOrEqual(bannerBox!.y + bannerBox!.height);
  await page.context().setOffline(false);
  await expect(notice).toBeHidden();

  await nav.getByRole('tab', { name: 'Settings' }).tap();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectFingerSizedTargets(page, 'Settings › Preferences');
  await page.getByRole('tab', { name: 'About' }).tap();
  await expect(page.getByRole('tabpanel', { name: 'About' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectFingerSizedTargets(page, 'Settings › About');
  await page.getByRole('button', { name: 'Account' }).tap();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await expectFingerSizedTargets(page, 'the account menu');
});

test('a tab opens at its top, wherever the tab left was scrolled', async ({ page }) => {
  await openDashboard(page);
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await nav.getByRole('tab', { name: 'Settings' }).tap();
  const lastSwitch = page.getByRole('main').getByRole('switch').last();
  await lastSwitch.scrollIntoViewIfNeeded();
  const settingsHeading = page.getByRole('heading', { name: 'Settings', level: 1 });
  await expect(settingsHeading).not.toBeInViewport();

  await nav.getByRole('tab', { name: 'Home' }).tap();
  await expect(page.getByRole('heading', { name: GREETING })).toBeInViewport();
  await nav.getByRole('tab', { name: 'Settings' }).tap();
  await expect(settingsHeading).toBeInViewport();
});
