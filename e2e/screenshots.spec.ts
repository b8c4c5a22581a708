import { expect, GREETING, signIn, test } from './support/fixtures';
import { openMusicTab } from './support/music-page';
import { animationsSettled } from './support/screens';

// Regenerates the phone screenshots of the README and docs/product.md, on demand only:
//   SCREENSHOTS=1 pnpm exec playwright test e2e/screenshots.spec.ts   (after `pnpm build`)
test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to regenerate docs/screenshots/phone-*');
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const shot = (name: string) => ({ path: `docs/screenshots/phone-${name}.png` });

test('the phone layout, for the README', async ({ page }) => {
  await page.goto('/auth');
  await signIn(page);
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Queue' }).locator('img').first()).toBeVisible();
  await page.mouse.move(0, 0);
  await page.screenshot(shot('home'));

  const music = await openMusicTab(page);
  await page.mouse.move(0, 0);
  await page.getByRole('heading', { name: 'Library' }).scrollIntoViewIfNeeded();
  await page.screenshot(shot('music'));
  await music.addMusic.click();
  await expect(music.dialog('Add Music')).toBeVisible();
  await animationsSettled(page);
  await page.screenshot(shot('add-music'));
  await music.dialog('Add Music').getByRole('button', { name: 'Cancel' }).click();

  await page
    .getByRole('region', { name: 'Player' })
    .getByRole('button', { name: 'Show the whole player' })
    .click();
  await animationsSettled(page);
  await page.screenshot(shot('player'));
});
