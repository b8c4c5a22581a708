import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { freshContext, openProbedPage } from './browser';
import { pageNow, readInteraction, settleAfterInput } from './page-probe';
import type { InteractionTiming } from './page-probe';
import { measured, notMeasured, openTab } from './scenarios';
import type { Outcome } from './scenarios';
import { signIn, waitForFirstTab } from './sign-in';

/** Issue 16's large library: imported through the UI, then shown and searched. */
export const LARGE_LIBRARY = 100_000;

/** How long the import may take before the figure is given up (its budget is 30 s). */
const IMPORT_WAIT_MS = 180_000;
const SHOW_WAIT_MS = 60_000;

export interface LargeLibraryFigures {
  /** From choosing the file to the success notice. */
  importMs: Outcome;
  /** The longest main-thread task while importing: the page must stay responsive. */
  importLongestTaskMs: Outcome;
  /** A reload with the large library, from navigation to Home showing its tracks. */
  homeMs: Outcome;
  /** A key typed into the Music tab's search box, as an interaction (INP). */
  search: Outcome<InteractionTiming>;
}

const titleOf = (index: number) => `Large library ${String(index).padStart(6, '0')}`;

/** A library export of `count` distinct tracks, as the owner's file would be. */
function libraryFile(count: number): Buffer {
  const slugs = ['sunday-slow-coffee', 'rainy-window-study', 'moonlit-bus-ride'];
  const tracks = Array.from({ length: count }, (_, index) => {
    const slug = slugs[index % slugs.length] ?? 'sunday-slow-coffee';
    return {
      title: titleOf(index),
      author: `Bench artist ${(index % 97) + 1}`,
      // Every track its own address, as in a real library (the player tells tracks apart by it).
      audio: `/demo/${slug}.wav?track=${index}`,
      image: `/demo/${slug}.svg`,
    };
  });
  return Buffer.from(JSON.stringify({ tracks }));
}

/** The page's clock when the visible tab panel first shows `text`. */
function whenShown(text: string): number | false {
  const panel = [...document.querySelectorAll('[role="tabpanel"]')].find((candidate) =>
    candidate.checkVisibility(),
  );
  return panel && (panel.textContent ?? '').includes(text) ? performance.now() : false;
}

function longestTaskSince(since: number): number {
  const state = window.__loofiBench;
  if (!state) throw new Error('The bench probe is not installed in this page.');
  return Math.max(
    0,
    ...state.longTasks.filter((task) => task.startTime >= since).map((task) => task.duration),
  );
}

/**
 * Imports a 100,000-track file through the Music tab's Import, then reloads on Home and
 * searches the Music table: unthrottled, one signed-in page with the local backend.
 */
export async function measureLargeLibrary(browser: Browser, baseUrl: string) {
  const context = await freshContext(browser, IMPORT_WAIT_MS);
  const folder = await mkdtemp(path.join(tmpdir(), 'loofi-bench-'));
  const file = path.join(folder, 'large-library.json');
  try {
    await writeFile(file, libraryFile(LARGE_LIBRARY));
    await signIn(context, baseUrl);
    const { page } = await openProbedPage(context, null);
    await page.goto(`${baseUrl}/`);
    await waitForFirstTab(page);
    if (!(await openTab(page, 'music'))) return notMeasured('n/a (no Music tab)');
    const input = page.getByLabel('Library file to import');
    if ((await input.count()) === 0) return notMeasured('n/a (no library import in this build)');

    const since = await page.evaluate(pageNow);
    const started = performance.now();
    // From a file on disk, as the owner's would be: a buffer would be rebuilt inside the
    // page by Playwright's own script, a long task that is not the app's.
    await input.setInputFiles(file);
    await page
      .getByText(new RegExp(`^Imported ${LARGE_LIBRARY} tracks`))
      .waitFor({ timeout: IMPORT_WAIT_MS });
    const importMs = performance.now() - started;
    const longest = await page.evaluate(longestTaskSince, since);

    await openTab(page, 'home');
    await page.reload();
    // Home's cards are the queue, shuffled: any track of the large library will do.
    const shownAt = await page.waitForFunction(whenShown, 'Large library ', {
      polling: 'raf',
      timeout: SHOW_WAIT_MS,
    });
    const homeMs = (await shownAt.jsonValue()) as number;

    await openTab(page, 'music');
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.click();
    await page.evaluate(settleAfterInput);
    const before = await page.evaluate(pageNow);
    await search.press('9');
    await page.evaluate(settleAfterInput);
    const typed = await page.evaluate(readInteraction, before);

    return measured<LargeLibraryFigures>({
      importMs: measured(importMs),
      importLongestTaskMs: measured(longest),
      homeMs: measured(homeMs),
      search: measured(typed),
    });
  } finally {
    await context.close();
    await rm(folder, { recursive: true, force: true });
  }
}
