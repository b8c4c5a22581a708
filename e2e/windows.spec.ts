import type { Locator, Page } from '@playwright/test';
import type { Track } from '@loofi/contracts';
import { replaceLibrary } from './support/audio-fixtures';
import { expect, GREETING, openDashboard, test } from './support/fixtures';
import { musicTab } from './support/music-page';
import { expectAccessible, expectFingerSizedTargets } from './support/screens';

/** The longest title the library takes, with no space to break it at. */
const LONG_TITLE = 'Nocturne'.repeat(25);
const RTL_AUTHOR = 'فرقة الليل الهادئ 🌙🎧';
const TRACKS: Track[] = [
  { title: LONG_TITLE, author: 'N'.repeat(200), audio: 'https://example.org/long.mp3', image: '' },
  { title: 'موسيقى هادئة 🎶', author: RTL_AUTHOR, audio: 'https://example.org/rtl.mp3', image: '' },
  {
    title: 'Rainy Window',
    author: 'Quiet Hours',
    audio: 'https://example.org/rain.mp3',
    image: '',
  },
];

/** Each window the owner uses, with the most the player may take of its height. */
const WINDOWS = [
  { name: 'a phone', width: 390, height: 844, touch: true, player: 844 / 6 },
  { name: 'a phone on its side', width: 844, height: 390, touch: true, player: 390 / 3 },
  { name: 'half a laptop screen', width: 880, height: 600, touch: false, player: 120 },
  { name: 'a laptop', width: 1280, height: 800, touch: false, player: 100 },
  { name: 'a wide screen', width: 2560, height: 1440, touch: false, player: 100 },
] as const;

/** Nothing on the page is wider than the window. */
async function expectNoSidewaysScroll(page: Page, screen: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `sideways scroll on ${screen}`).toBeLessThanOrEqual(0);
}

/** The element lies wholly within the window. */
async function expectInWindow(page: Page, element: Locator, what: string) {
  const box = await element.boundingBox();
  const { width, height } = page.viewportSize()!;
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right edge`).toBeLessThanOrEqual(width + 0.5);
  expect(box!.y + box!.height, `${what}: bottom edge`).toBeLessThanOrEqual(height + 0.5);
}

/** The controls in `region` that a press at their centre would not reach. */
function controlsUnderOthers(region: Locator): Promise<string[]> {
  return region.evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>('button, [role="slider"], input')]
      .filter((control) => {
        const box = (control.closest('.MuiSlider-root') ?? control).getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        const target = control.closest<HTMLElement>('.MuiSlider-root') ?? control;
        return !hit || !(target.contains(hit) || hit.contains(target));
      })
      .map((control) => control.getAttribute('aria-label') ?? control.tagName),
  );
}

// Each test opens a dashboard of its own: they may share the workers, so that the run's
// last minutes are not one worker measuring windows while the other waits.
test.describe.configure({ mode: 'parallel' });

for (const window of WINDOWS) {
  test.describe(`${window.name} (${window.width} × ${window.height})`, () => {
    test.use({
      viewport: { width: window.width, height: window.height },
      hasTouch: window.touch,
      isMobile: window.touch,
    });

    test('every screen fits: no sideways scroll, every tab and control in reach, long names cut', async ({
      page,
    }) => {
      // A finger taps, a mouse clicks; either reaches only what is on top where it presses.
      const press = (target: Locator) => (window.touch ? target.tap() : target.click());
      await openDashboard(page);
      await replaceLibrary(page, TRACKS);
      await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Play Rainy Window/ })).toBeVisible();

      const player = page.getByRole('region', { name: 'Player' });
      const playerBox = await player.boundingBox();
      expect(playerBox!.height, 'the player bar').toBeLessThanOrEqual(window.player);
      await expectInWindow(page, player, 'the player bar');
      expect(await controlsUnderOthers(player), 'player controls under another').toEqual([]);

      await expectNoSidewaysScroll(page, 'Home');
      if (window.width < 600) {
        // A phone's Home shows music first: the shortcut cards in one row, a track card whole
        // above the player.
        const shortcuts = await Promise.all(
          ['Music', 'Settings'].map((name) =>
            page.getByRole('main').getByRole('button', { name, exact: true }).boundingBox(),
          ),
        );
        expect(shortcuts[0]!.y, 'the shortcut cards in one row').toBe(shortcuts[1]!.y);
        const card = await page
          .getByRole('button', { name: /^Play / })
          .first()
          .boundingBox();
        expect(card!.y + card!.height, 'the first track card above the player').toBeLessThanOrEqual(
          playerBox!.y,
        );
      }
      if (window.touch) await expectFingerSizedTargets(page, `Home on ${window.name}`);
      await expectAccessible(page, `Home on ${window.name}`);

      // Every tab, pressed by its role.
      const music = musicTab(page);
      await press(page.getByRole('tab', { name: 'Music' }));
      await expect(music.table).toBeVisible();
      const longRow = music.row(LONG_TITLE);
      await expect(longRow).toBeVisible();
      await expectNoSidewaysScroll(page, 'Music');
      if (window.touch) await expectFingerSizedTargets(page, `Music on ${window.name}`);
      const more = longRow.getByRole('button', { name: `More actions for ${LONG_TITLE}` });
      await more.scrollIntoViewIfNeeded();
      await expectInWindow(page, more, 'More actions of the long title');
      // Its More actions: the notice that quotes the name, and the Queue that lists it, fit.
      await press(more);
      await press(page.getByRole('menuitem', { name: 'Play next' }));
      const notice = music.notice(`“${LONG_TITLE}” will play next.`);
      await expect(notice).toBeVisible();
      await expectInWindow(page, notice, 'the Play next notice');
      if (window.width < 600) {
        await press(player.getByRole('button', { name: 'Show the whole player' }));
      }
      await press(player.getByRole('button', { name: 'Queue' }));
      const queue = page.getByRole('dialog', { name: 'Queue' });
      await expect(queue.getByText(LONG_TITLE)).toBeVisible();
      await expectInWindow(page, queue, 'the Queue');
      await expectNoSidewaysScroll(page, 'the Queue');
      await press(queue.getByRole('button', { name: 'Close the queue' }));
      await expect(queue).toBeHidden();
      if (window.width < 600) {
        await press(player.getByRole('button', { name: 'Show less of the player' }));
      }

      const rtlRow = music.row('موسيقى هادئة 🎶');
      await expect(rtlRow.getByRole('cell', { name: RTL_AUTHOR })).toBeVisible();
      await expectAccessible(page, `Music on ${window.name}`);

      await press(music.addMusic);
      const add = music.dialog('Add Music');
      await expect(add).toBeVisible();
      await expectInWindow(page, add, 'the Add Music dialog');
      await expectInWindow(page, add.getByRole('button', { name: 'Cancel' }), 'its Cancel');
      await press(add.getByRole('button', { name: 'Cancel' }));
      await expect(add).toBeHidden();

      // The Edit dialog of the long title fits: its fields reachable, its actions in sight.
      await press(music.titles.filter({ hasText: LONG_TITLE }));
      const dialog = music.dialog('Edit Music');
      await expect(dialog).toBeVisible();
      await expectInWindow(page, dialog, 'the Edit dialog');
      await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue(LONG_TITLE);
      const last = dialog.getByRole('textbox').last();
      await last.scrollIntoViewIfNeeded();
      await expectInWindow(page, last, 'the dialog’s last field');
      await expectInWindow(page, dialog.getByRole('button', { name: 'Cancel' }), 'Cancel');
      await expectNoSidewaysScroll(page, 'the Edit dialog');
      await press(dialog.getByRole('button', { name: 'Cancel' }));
      await expect(dialog).toBeHidden();

      await press(page.getByRole('tab', { name: 'Settings' }));
      await expect(page.getByRole('tabpanel', { name: 'Preferences' })).toBeVisible();
      await expectNoSidewaysScroll(page, 'Settings');
      if (window.touch) await expectFingerSizedTargets(page, `Settings on ${window.name}`);
      await expectAccessible(page, `Settings on ${window.name}`);

      await press(page.getByRole('tab', { name: 'Home' }));
      await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
    });
  });
}

test('from 320 to 2,560 px wide no tab scrolls sideways, and the player keeps to its height', async ({
  page,
}) => {
  await openDashboard(page);
  await replaceLibrary(page, TRACKS);
  const player = page.getByRole('region', { name: 'Player' });
  for (const tab of ['Home', 'Music', 'Settings']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
    if (tab === 'Music') await expect(musicTab(page).row(LONG_TITLE)).toBeVisible();
    for (const width of [320, 414, 599, 600, 720, 899, 1023, 1024, 1600, 2560]) {
      await page.setViewportSize({ width, height: 720 });
      await expectNoSidewaysScroll(page, `${tab} at ${width} px`);
      // The phone's compact row, then one row: 120 px at most below 1,024 px, 100 from there.
      const most = width < 600 ? 720 / 6 : width < 1024 ? 120 : 100;
      await expect
        .poll(async () => (await player.boundingBox())!.height, { message: `player at ${width}` })
        .toBeLessThanOrEqual(most);
    }
  }
});

test('from 600 px the player shows the names of what plays beside its controls, over none of them', async ({
  page,
}) => {
  await openDashboard(page);
  const player = page.getByRole('region', { name: 'Player' });
  const title = player.getByTestId('player-title');
  const times = player.getByText(/^\d+:\d\d$/);
  for (const width of [600, 650, 720, 899]) {
    await page.setViewportSize({ width, height: 720 });
    await expect(player.getByRole('slider', { name: 'Seek' })).toBeVisible();
    const names = (await title.boundingBox())!;
    // Room for the title's first word or two, cut with an ellipsis after them.
    expect(names.width, `the title's width at ${width} px`).toBeGreaterThanOrEqual(70);
    for (const time of await times.all()) {
      const box = (await time.boundingBox())!;
      expect(box.x, `a time at ${width} px starts after the title`).toBeGreaterThanOrEqual(
        names.x + names.width,
      );
    }
    expect(await controlsUnderOthers(player), `at ${width} px`).toEqual([]);
  }
});
