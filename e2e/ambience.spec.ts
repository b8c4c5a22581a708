import type { Page } from '@playwright/test';
import { ambiencePanel, ambienceSlider, openAmbiencePanel } from './support/ambience-page';
import { expect, openDashboard, test, untilControlled } from './support/fixtures';
import { listenToOutput, outputLevel } from './support/output-probe';
import { expectAccessible, expectFingerSizedTargets } from './support/screens';

const bar = (page: Page) => page.getByRole('region', { name: 'Player' });

test.describe('after one visit', () => {
  // The worker keeps what the page used: offline, the panel and its layers come from it.
  test.use({ serviceWorkers: 'allow' });

  test('a layer sounds with the music paused and offline, and falls silent at 0', async ({
    page,
    context,
  }) => {
    await listenToOutput(page);
    await openDashboard(page);
    // One visit opens the panel online: the worker keeps its code, as it keeps every chunk used.
    await untilControlled(page);
    await openAmbiencePanel(page);
    await ambiencePanel(page).getByRole('button', { name: 'Close ambience' }).click();
    await context.setOffline(true);
    await page.reload();
    await expect(bar(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();

    await openAmbiencePanel(page);
    await expectAccessible(page, 'the Ambience panel');
    for (const name of ['Rain', 'Café', 'Fireplace', 'Wind', 'Vinyl crackle', 'Brown noise']) {
      await expect(ambienceSlider(page, name)).toHaveAttribute('aria-valuenow', '0');
    }
    await expect(ambienceSlider(page, 'Ambience volume')).toHaveAttribute('aria-valuenow', '100');
    expect(await outputLevel(page)).toBe(-Infinity);

    // A layer up, by keyboard: it sounds, the music still paused.
    await ambienceSlider(page, 'Rain').focus();
    await page.keyboard.press('PageUp');
    await page.keyboard.press('PageUp');
    await page.keyboard.press('PageUp');
    await expect(ambienceSlider(page, 'Rain')).toHaveAttribute('aria-valuenow', '30');
    await expect.poll(() => outputLevel(page), { timeout: 15_000 }).toBeGreaterThan(-60);
    await expect(ambiencePanel(page).getByRole('button', { name: 'Pause ambience' })).toBeVisible();

    // Back to 0: silence.
    await page.keyboard.press('Home');
    await expect(ambienceSlider(page, 'Rain')).toHaveAttribute('aria-valuenow', '0');
    await expect.poll(() => outputLevel(page)).toBe(-Infinity);

    await ambiencePanel(page).getByRole('button', { name: 'Close ambience' }).click();
    await expect(ambiencePanel(page)).toBeHidden();
    await expect(bar(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    await expectAccessible(page, 'the player bar');
  });
});

test('a preset sets the sliders; a saved mix survives a reload and sounds only when asked', async ({
  page,
}) => {
  await listenToOutput(page);
  await openDashboard(page);
  await openAmbiencePanel(page);

  await ambiencePanel(page).getByRole('button', { name: 'Rainy café' }).click();
  await expect(ambienceSlider(page, 'Rain')).toHaveAttribute('aria-valuenow', '55');
  await expect(ambienceSlider(page, 'Café')).toHaveAttribute('aria-valuenow', '45');
  await expect(ambienceSlider(page, 'Vinyl crackle')).toHaveAttribute('aria-valuenow', '15');
  await expect.poll(() => outputLevel(page), { timeout: 15_000 }).toBeGreaterThan(-60);

  await ambiencePanel(page).getByRole('button', { name: 'Night train' }).click();
  await expect(ambienceSlider(page, 'Brown noise')).toHaveAttribute('aria-valuenow', '55');
  await expect(ambienceSlider(page, 'Rain')).toHaveAttribute('aria-valuenow', '0');
  await ambiencePanel(page).getByRole('textbox', { name: 'Mix name' }).fill('Sleeper');
  await ambiencePanel(page).getByRole('button', { name: 'Save mix' }).click();
  await expect(
    ambiencePanel(page).getByRole('button', { name: 'Sleeper', exact: true }),
  ).toBeVisible();

  await page.reload();
  await expect(bar(page).getByRole('button', { name: 'Ambience' })).toBeVisible();
  await openAmbiencePanel(page);
  await expect(ambienceSlider(page, 'Brown noise')).toHaveAttribute('aria-valuenow', '55');
  await expect(
    ambiencePanel(page).getByRole('button', { name: 'Sleeper', exact: true }),
  ).toBeVisible();
  await expect(ambiencePanel(page).getByRole('button', { name: 'Play ambience' })).toBeVisible();
  expect(await outputLevel(page)).toBe(-Infinity);

  await ambiencePanel(page).getByRole('button', { name: 'Play ambience' }).click();
  await expect.poll(() => outputLevel(page), { timeout: 15_000 }).toBeGreaterThan(-60);
  await ambiencePanel(page).getByRole('button', { name: 'Pause ambience' }).click();
  await expect.poll(() => outputLevel(page)).toBe(-Infinity);

  await ambiencePanel(page).getByRole('button', { name: 'Rename Sleeper' }).click();
  await ambiencePanel(page)
    .getByRole('textbox', { name: 'New name for Sleeper' })
    .fill('Sleeper car');
  await ambiencePanel(page).getByRole('button', { name: 'Rename', exact: true }).click();
  await ambiencePanel(page).getByRole('button', { name: 'Delete Sleeper car' }).click();
  await expect(ambiencePanel(page).getByRole('button', { name: /Sleeper/ })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the whole player opens the panel, which fits the screen and a finger', async ({ page }) => {
    const sideways = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    await openDashboard(page);
    await bar(page).getByRole('button', { name: 'Show the whole player' }).tap();
    await expect(bar(page).getByRole('button', { name: 'Ambience' })).toBeVisible();
    expect(await sideways()).toBeLessThanOrEqual(0);
    await bar(page).getByRole('button', { name: 'Ambience' }).tap();
    await expect(ambiencePanel(page)).toBeVisible();
    await expectAccessible(page, 'the Ambience panel on a phone');
    await expectFingerSizedTargets(page, 'the Ambience panel');
    expect(await sideways()).toBeLessThanOrEqual(0);
    const box = await ambiencePanel(page).boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
  });
});
