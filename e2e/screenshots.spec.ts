import type { Page } from '@playwright/test';
import { expect, GREETING, signIn, test } from './support/fixtures';
import { openMusicTab } from './support/music-page';
import { animationsSettled } from './support/screens';

// Regenerates the screenshots of the README and docs/product.md, on demand only:
//   SCREENSHOTS=1 pnpm exec playwright test e2e/screenshots.spec.ts   (after `pnpm build`)
test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to regenerate docs/screenshots/');

const shot = (name: string) => ({ path: `docs/screenshots/${name}.png` });

/** Signed in on Home, its covers painted, the pointer out of the way. */
async function home(page: Page) {
  await page.goto('/auth');
  await signIn(page);
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Queue' }).locator('img').first()).toBeVisible();
  await page.mouse.move(0, 0);
}

/** Plays a demo track from its row in Music, until its time runs. */
async function playFromMusic(page: Page, title: string) {
  const music = await openMusicTab(page);
  await music
    .row(title)
    .getByRole('button', { name: `Play ${title}` })
    .click();
  await expect(music.row(title).getByRole('button', { name: `Pause ${title}` })).toBeVisible();
  await expect(page.getByRole('slider', { name: 'Seek' })).not.toHaveAttribute(
    'aria-valuetext',
    '0:00',
  );
  await page.mouse.move(0, 0);
  return music;
}

test.describe('a laptop', () => {
  test.use({ viewport: { width: 1280, height: 760 } });

  test('Home, Music and Settings', async ({ page }) => {
    await home(page);
    await page.screenshot(shot('home'));
    await playFromMusic(page, 'Moonlit Bus Ride');
    await page.screenshot(shot('music'));
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Preferences' })).toBeVisible();
    await page.getByRole('button', { name: 'Themes' }).click();
    const themes = page.getByRole('region', { name: 'Themes' });
    await themes.getByRole('button', { name: 'Forest', exact: true }).click();
    await expect(themes.getByRole('button', { name: 'Forest', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The backdrop's picture, fetched on the choice.
    await page.waitForLoadState('networkidle');
    await animationsSettled(page);
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await page.screenshot(shot('settings'));
  });
});

test.describe('a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the phone layout', async ({ page }) => {
    await home(page);
    await page.screenshot(shot('phone-home'));

    const music = await openMusicTab(page);
    await page.mouse.move(0, 0);
    await page.getByRole('heading', { name: 'Library' }).scrollIntoViewIfNeeded();
    await page.screenshot(shot('phone-music'));
    await music.addMusic.click();
    await expect(music.dialog('Add Music')).toBeVisible();
    await animationsSettled(page);
    await page.screenshot(shot('phone-add-music'));
    await music.dialog('Add Music').getByRole('button', { name: 'Cancel' }).click();

    await page
      .getByRole('region', { name: 'Player' })
      .getByRole('button', { name: 'Show the whole player' })
      .click();
    await animationsSettled(page);
    await page.screenshot(shot('phone-player'));
  });
});

test.describe('a phone on its side', () => {
  test.use({ viewport: { width: 844, height: 390 }, hasTouch: true, isMobile: true });

  test('Music', async ({ page }) => {
    await home(page);
    const music = await playFromMusic(page, 'Rainy Window Study');
    await music.titles.last().scrollIntoViewIfNeeded();
    await page.screenshot(shot('phone-landscape-music'));
  });
});
