import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The Music tab as its user sees it: the counter, the table, the dialog, the notices. */
export function musicTab(page: Page) {
  const table = page.getByRole('table', { name: 'Library' });
  return {
    counter: page.getByRole('region', { name: 'Tracks' }),
    table,
    addMusic: page.getByRole('button', { name: 'Add Music' }),
    search: page.getByRole('searchbox', { name: 'Search' }),
    titles: table.getByRole('rowheader'),
    /** The row of a track, by its exact title (and the Kept offline mark, if it has one). */
    row: (title: string) =>
      table.getByRole('row').filter({
        has: page.getByRole('rowheader', {
          name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( Kept offline)?$`),
        }),
      }),
    /** The dialog, in add ('Add Music') or update ('Edit Music') mode. */
    dialog: (name: 'Add Music' | 'Edit Music' = 'Add Music') => page.getByRole('dialog', { name }),
    notice: (text: string) => page.getByRole('alert').filter({ hasText: text }),
  };
}

/** Opens the Music tab from the sidebar and waits for the library to show. */
export async function openMusicTab(page: Page) {
  await page.getByRole('tab', { name: 'Music' }).click();
  const music = musicTab(page);
  await expect(music.table).toBeVisible();
  await expect(music.titles.first()).toBeVisible();
  return music;
}
