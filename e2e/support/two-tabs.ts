import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

const bar = (page: Page) => page.getByRole('region', { name: 'Player' });
const seekValue = async (page: Page) =>
  Number(await bar(page).getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuenow'));
const elsewhere = (page: Page) =>
  bar(page).getByRole('status').filter({ hasText: 'Playing in another tab' });

/** `to` takes the music from `from` with `press`: it plays on where `from` was (± 1 s). */
async function movesTheMusic(from: Page, to: Page, press: () => Promise<void>) {
  await expect.poll(() => seekValue(from)).toBeGreaterThanOrEqual(3);
  const before = await seekValue(from);
  const pressedAt = Date.now();
  await press();
  await expect(bar(to).getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(bar(from).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect(elsewhere(from)).toBeVisible();
  await expect(elsewhere(to)).toBeHidden();
  const after = await seekValue(to);
  const elapsed = (Date.now() - pressedAt) / 1000;
  expect(after).toBeGreaterThanOrEqual(before - 1);
  expect(after).toBeLessThanOrEqual(before + elapsed + 1);
}

/**
 * Goal "one player per browser", on any backend: `first` and `second` are two tabs of one
 * browser showing the dashboard, whose library holds tracks of 40 s or more.
 */
export async function onePlayerPerBrowser(first: Page, second: Page) {
  await bar(first).getByRole('button', { name: 'Play', exact: true }).click();
  await expect(bar(first).getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(elsewhere(second)).toBeVisible();
  await expect(bar(second).getByRole('button', { name: 'Pause' })).toBeHidden();

  await movesTheMusic(first, second, () =>
    bar(second).getByRole('button', { name: 'Play here' }).click(),
  );
  // Play in the first tab again takes the music back.
  await movesTheMusic(second, first, () =>
    bar(first).getByRole('button', { name: 'Play', exact: true }).click(),
  );
}
