import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { openQueue, removeFromQueue, upNextOrder } from './queue-panel';

const bar = (page: Page) => page.getByRole('region', { name: 'Player' });
const seekValue = async (page: Page) =>
  Number(await bar(page).getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuenow'));
const elsewhere = (page: Page) =>
  bar(page).getByRole('status').filter({ hasText: 'Playing in another tab' });

/**
 * The second the seek slider shows, read as it turns over: the slider shows whole seconds,
 * so a value read at any other moment can be almost a second behind the music.
 */
async function secondTurningOver(page: Page) {
  const shown = await seekValue(page);
  await expect.poll(() => seekValue(page), { intervals: [20] }).not.toBe(shown);
  return seekValue(page);
}

/** `to` takes the music from `from` with `press`: it plays on where `from` was (± 1 s). */
async function movesTheMusic(from: Page, to: Page, press: () => Promise<void>) {
  await expect.poll(() => seekValue(from)).toBeGreaterThanOrEqual(3);
  const before = await secondTurningOver(from);
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

/**
 * Goal "one player per browser" for the play order: the tab that does not play shows the
 * order of the one that does, and shapes it from its Queue; paused, either tab shapes the
 * order the music goes on with. `first` plays, and plays at the end; the library holds four
 * tracks or more.
 */
export async function oneQueuePerBrowser(first: Page, second: Page) {
  await expect(bar(first).getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(elsewhere(second)).toBeVisible();
  const playingQueue = await openQueue(first);
  const otherQueue = await openQueue(second);
  await expect.poll(() => upNextOrder(playingQueue)).not.toHaveLength(0);
  const shown = await upNextOrder(playingQueue);
  expect(shown.length).toBeGreaterThanOrEqual(3);
  await expect.poll(() => upNextOrder(otherQueue)).toEqual(shown);

  // Removed and moved in the tab that does not play: the music's order changes, both show it.
  const [removed, ...rest] = shown;
  await removeFromQueue(otherQueue, removed!);
  await expect.poll(() => upNextOrder(playingQueue)).toEqual(rest);
  const last = rest[rest.length - 1]!;
  await otherQueue.getByRole('button', { name: new RegExp(`^Play ${last} `) }).focus();
  await second.keyboard.press('Alt+ArrowUp');
  const moved = [...rest.slice(0, -2), last, rest[rest.length - 2]!];
  await expect.poll(() => upNextOrder(playingQueue)).toEqual(moved);
  await expect.poll(() => upNextOrder(otherQueue)).toEqual(moved);

  // Still playing in the first tab only, and what plays next is what both showed.
  await playingQueue.getByRole('button', { name: 'Close the queue' }).click();
  await otherQueue.getByRole('button', { name: 'Close the queue' }).click();
  await expect(bar(first).getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(elsewhere(second)).toBeVisible();
  await bar(first).getByRole('button', { name: 'Next' }).click();
  await expect(bar(first).getByTestId('player-title')).toHaveText(moved[0]!);
  await expect(bar(second).getByTestId('player-title')).toHaveText(moved[0]!);

  // Paused: the order changed in the other tab is the one the music goes on with.
  await bar(first).getByRole('button', { name: 'Pause' }).click();
  await expect(elsewhere(second)).toBeHidden();
  const pausedQueue = await openQueue(second);
  const before = await upNextOrder(pausedQueue);
  expect(before.length).toBeGreaterThanOrEqual(2);
  const [taken, ...kept] = before;
  await removeFromQueue(pausedQueue, taken!);
  await expect.poll(() => upNextOrder(pausedQueue)).toEqual(kept);
  await pausedQueue.getByRole('button', { name: 'Close the queue' }).click();
  const firstQueue = await openQueue(first);
  await expect.poll(() => upNextOrder(firstQueue)).toEqual(kept);
  await firstQueue.getByRole('button', { name: 'Close the queue' }).click();
  await bar(first).getByRole('button', { name: 'Play', exact: true }).click();
  await bar(first).getByRole('button', { name: 'Next' }).click();
  await expect(bar(first).getByTestId('player-title')).toHaveText(kept[0]!);
}
