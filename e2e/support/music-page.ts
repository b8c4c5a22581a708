import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { Track } from '@loofi/contracts';
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

/** Exports the library from the Music tab (Export) and reads the file the browser saved. */
export async function exportLibrary(page: Page) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^loofi-library-\d{4}-\d{2}-\d{2}\.json$/);
  return JSON.parse(await readFile(await file.path(), 'utf8')) as {
    format: string;
    tracks: Track[];
  };
}

/** Imports `contents`, as a JSON file the owner picks, through the Music tab's Import. */
export async function importLibrary(page: Page, contents: unknown) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await (
    await chooser
  ).setFiles({
    name: 'library.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(contents)),
  });
}
