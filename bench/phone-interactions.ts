import type { Browser, Page } from '@playwright/test';
import { BUDGETS } from './budgets';
import { CPU_4, freshContext, openProbedPage } from './browser';
import type { InteractionTiming } from './page-probe';
import { seedLibrary } from './page-probe';
import { breakdown, row } from './report';
import { interactionOf } from './measure-site';
import type { InteractionFigure } from './measure-site';
import type { Row } from './report';
import {
  BIG_LIBRARY,
  interact,
  measureAddMusic,
  measurePlayPause,
  measured,
  notMeasured,
  TIMEOUT_MS,
} from './scenarios';
import type { Outcome } from './scenarios';
import { signIn, waitForFirstTab } from './sign-in';

export type PhoneInteraction = 'play' | 'switchTab' | 'addMusic' | 'searchKey';

type PhoneInteractionRun = Record<PhoneInteraction, Outcome<InteractionTiming>>;

/** Each interaction's median over the runs, with the run nearest it. */
export type PhoneInteractionFigures = Record<PhoneInteraction, InteractionFigure>;

const LABELS: Record<PhoneInteraction, string> = {
  play: 'play a track (the player bar)',
  switchTab: 'switch to the Music tab (its first time)',
  addMusic: 'open the Add Music dialog',
  searchKey: 'a key in Search, 10,000-track library',
};

/** The first switch to Music: the press on its tab, from the Event Timing entries. */
async function measureSwitchTab(page: Page): Promise<Outcome<InteractionTiming>> {
  const tab = page.getByRole('tab', { name: 'Music', exact: true });
  if ((await tab.count()) === 0) return notMeasured('n/a (no Music tab)');
  const timing = await interact(page, () => tab.click());
  await page.getByRole('table', { name: 'Library' }).getByRole('rowheader').first().waitFor();
  return measured(timing);
}

async function measureSearchKey(page: Page): Promise<Outcome<InteractionTiming>> {
  const search = page.getByRole('searchbox', { name: 'Search' });
  if ((await search.count()) === 0) return notMeasured('n/a (no Search box)');
  await search.click();
  return measured(await interact(page, () => page.keyboard.press('a')));
}

/** One run: a signed-in page with 10,000 tracks, the CPU four times slower, on Home. */
async function runOnce(browser: Browser, baseUrl: string): Promise<PhoneInteractionRun> {
  const context = await freshContext(browser, TIMEOUT_MS.throttled);
  try {
    await signIn(context, baseUrl);
    const setup = await context.newPage();
    await setup.goto(`${baseUrl}/`);
    await waitForFirstTab(setup);
    const seeded = await setup.evaluate(seedLibrary, BIG_LIBRARY);
    await setup.close();
    if (!seeded.seeded) throw new Error(seeded.reason);

    const { page, network } = await openProbedPage(context, CPU_4);
    await page.goto(`${baseUrl}/`);
    await waitForFirstTab(page);
    await network.quiet(2_500, TIMEOUT_MS.throttled);
    const play = await measurePlayPause(page);
    const switchTab = await measureSwitchTab(page);
    const searchKey = await measureSearchKey(page);
    const addMusic = await measureAddMusic(page);
    return { play, switchTab, addMusic, searchKey };
  } finally {
    await context.close();
  }
}

/**
 * Issue 25: the interactions a phone owner does most, at CPU ×4 (Lighthouse's phone),
 * with a 10,000-track library; the median of `runs` fresh contexts, as Event Timing sees
 * each (the longest event of the interaction).
 */
export async function measurePhoneInteractions(
  browser: Browser,
  baseUrl: string,
  options: { runs: number; log(line: string): void },
): Promise<Outcome<PhoneInteractionFigures>> {
  options.log(`  this build: interactions at CPU ×4, ${options.runs} run(s)`);
  try {
    const runs: PhoneInteractionRun[] = [];
    for (let run = 0; run < options.runs; run += 1) runs.push(await runOnce(browser, baseUrl));
    const figureOf = (key: PhoneInteraction) => interactionOf(runs.map((run) => run[key]));
    return measured({
      play: figureOf('play'),
      switchTab: figureOf('switchTab'),
      addMusic: figureOf('addMusic'),
      searchKey: figureOf('searchKey'),
    });
  } catch (error) {
    return notMeasured(`failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The rows, one an interaction. */
export function phoneInteractionRows(outcome: Outcome<PhoneInteractionFigures>): Row[] {
  return (Object.keys(LABELS) as PhoneInteraction[]).map((key) => {
    const figure = outcome.ok ? outcome.value[key] : { ms: outcome, typical: null };
    return row({
      section: `INP at ${CPU_4.label} (a phone's CPU), Event Timing`,
      figure: LABELS[key],
      unit: 'interaction',
      value: figure.ms,
      detail: breakdown(figure.typical),
      budget: BUDGETS.inpMs,
    });
  });
}
