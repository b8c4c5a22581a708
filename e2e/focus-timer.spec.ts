import type { Locator, Page } from '@playwright/test';
import { expect, openDashboard, test } from './support/fixtures';

const card = (page: Page) => page.getByRole('region', { name: 'Focus' });
const bar = (page: Page) => page.getByRole('region', { name: 'Player' });

/**
 * The time a timer shows, in whole seconds, is `seconds` or up to `slack` under it (real
 * time flows between the clock's jumps: a tab's load on a busy machine takes a few).
 */
async function expectLeft(timer: Locator, phase: string, seconds: number, slack = 10) {
  const shown = async () => {
    const match = /(\w+ )?(\d+):(\d\d)$/.exec((await timer.textContent()) ?? '');
    if (!match || (match[1] ?? '') !== phase) return Number.NaN;
    return Number(match[2]) * 60 + Number(match[3]);
  };
  await expect.poll(shown).toBeLessThanOrEqual(seconds);
  expect(await shown()).toBeGreaterThanOrEqual(seconds - slack);
}

test('a focus session counts down on Home and in the player bar, through a break, across a reload', async ({
  page,
}) => {
  await page.clock.install();
  await openDashboard(page);
  await card(page).getByRole('button', { name: '25 / 5 minutes' }).click();
  // From the keyboard: the focus stays in the card as the session's own buttons replace the plan's.
  await card(page).getByRole('button', { name: 'Start focus' }).focus();
  await page.keyboard.press('Enter');
  await expect(card(page).getByRole('button', { name: 'Pause focus' })).toBeFocused();
  await expectLeft(card(page).getByRole('timer'), '', 25 * 60);
  await expect(card(page)).toContainText('Focus · Block 1');
  await expectLeft(bar(page).getByRole('timer'), 'Focus ', 25 * 60);

  // A laptop closed for ten minutes: the time left is right at once.
  await page.clock.fastForward('10:00');
  await expectLeft(card(page).getByRole('timer'), '', 15 * 60);
  await page.getByRole('tab', { name: 'Music' }).click();
  await expectLeft(bar(page).getByRole('timer'), 'Focus ', 15 * 60);

  // A reload finds the same session, with the same time left.
  await page.reload();
  await expectLeft(bar(page).getByRole('timer'), 'Focus ', 15 * 60);

  // The block ends: the break begins, counted from the block's deadline.
  await page.clock.fastForward('16:00');
  await expectLeft(bar(page).getByRole('timer'), 'Break ', 4 * 60, 30);
  await page.getByRole('tab', { name: 'Home' }).click();
  await expect(card(page)).toContainText('Break · Block 1');

  // F pauses it, for as long as it takes; it resumes, skips to the next block, and stops.
  await page.getByRole('main', { name: 'Tab content' }).focus();
  await page.keyboard.press('f');
  await expect(card(page).getByRole('button', { name: 'Resume focus' })).toBeVisible();
  await expect(card(page)).toContainText('Break · Block 1 · Paused');
  const paused = await card(page).getByRole('timer').textContent();
  await page.clock.fastForward('30:00');
  await expect(card(page).getByRole('timer')).toHaveText(paused!);
  await card(page).getByRole('button', { name: 'Resume focus' }).click();
  await card(page).getByRole('button', { name: 'Skip' }).click();
  await expect(card(page)).toContainText('Focus · Block 2');
  await card(page).getByRole('button', { name: 'Stop focus' }).focus();
  await page.keyboard.press('Enter');
  await expect(bar(page).getByRole('timer')).toBeHidden();
  await expect(card(page).getByRole('button', { name: 'Start focus' })).toBeFocused();
});
