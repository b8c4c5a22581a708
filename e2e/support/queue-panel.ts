import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/** Opens the player's Queue. */
export async function openQueue(page: Page): Promise<Locator> {
  await page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Queue' }).click();
  const queue = page.getByRole('dialog', { name: 'Queue' });
  await expect(queue).toBeVisible();
  return queue;
}

/** The titles of the upcoming tracks, in the order the Queue shows them. */
export const upNextOrder = (queue: Locator) =>
  queue
    .getByRole('list', { name: /Up next/ })
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) => (item.getAttribute('aria-label') ?? '').replace(/ by .*$/, '')),
    );

/** Takes the track titled `title` out of the Queue's up-next list, with its own button. */
export async function removeFromQueue(queue: Locator, title: string) {
  await queue
    .getByRole('listitem', { name: new RegExp(`^${title} by`) })
    .getByRole('button', { name: 'Remove from queue' })
    .click();
}
