import type { Browser } from '@playwright/test';
import { BUDGETS } from './budgets';
import { freshContext, openProbedPage, SLOW_4G_CPU_2, throttleServiceWorkers } from './browser';
import type { Cleanup } from './cleanup';
import { readVitals } from './page-probe';
import { row } from './report';
import type { Row } from './report';
import { measured, notMeasured } from './scenarios';
import type { Outcome } from './scenarios';
import { signIn, waitForFirstTab } from './sign-in';
import { median } from './stats';

const WAIT_MS = 120_000;

export interface RepeatVisitFigures {
  lcpMs: number;
  /** When the first tab was live (its content shown, after the starting shell). */
  liveMs: number;
  runs: number;
}

/**
 * Issue 25's repeat visit: a returning owner whose browser has the service worker installed
 * (one visit to the dashboard, then the worker's caches filled) loads the dashboard again
 * under Slow 4G + CPU ×2 (the worker's own fetches as throttled as the page's), `runs` times
 * in new pages of the same context; LCP of each.
 */
export async function measureRepeatVisit(
  browser: Browser,
  hostUrl: string,
  options: { runs: number; cleanup: Cleanup; log(line: string): void },
): Promise<Outcome<RepeatVisitFigures>> {
  options.log(`  this build: ${options.runs} repeat visit(s) with the service worker, throttled`);
  const context = await freshContext(browser, WAIT_MS, { serviceWorkers: 'allow' });
  try {
    await signIn(context, hostUrl);
    const first = await context.newPage();
    await first.goto(`${hostUrl}/`);
    await waitForFirstTab(first);
    // The worker installed, its precache filled and the page under its control.
    await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await first.reload();
    await waitForFirstTab(first);
    await first.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await first.close();

    const lcps: number[] = [];
    const lives: number[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      const { page, network } = await openProbedPage(context, SLOW_4G_CPU_2);
      // The worker's own fetches too: the files it asks the network for first are on the
      // way to the first tab.
      const workers = await throttleServiceWorkers(browser, SLOW_4G_CPU_2);
      if (workers.workers === 0) throw new Error('no service worker to throttle');
      await page.goto(`${hostUrl}/`);
      lives.push(await waitForFirstTab(page));
      await network.quiet(2_500, WAIT_MS);
      const vitals = await page.evaluate(readVitals);
      await workers.release();
      if (vitals.lcp === null) throw new Error('the dashboard painted no content');
      lcps.push(vitals.lcp);
      await page.close();
    }
    return measured({
      lcpMs: median(lcps) ?? 0,
      liveMs: median(lives) ?? 0,
      runs: lcps.length,
    });
  } catch (error) {
    return notMeasured(`failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await context.close();
  }
}

/** The figure's row. */
export function repeatVisitRows(outcome: Outcome<RepeatVisitFigures>): Row[] {
  return [
    row({
      section: 'Web Vitals: a repeat visit, the service worker installed',
      figure: `LCP dashboard, ${SLOW_4G_CPU_2.label}`,
      unit: 'ms',
      value: outcome.ok ? measured(outcome.value.lcpMs) : outcome,
      detail: outcome.ok
        ? `the first tab live at ${Math.round(outcome.value.liveMs)} ms; a new page of the same context each run, the HTTP cache off; median of ${outcome.value.runs}`
        : '',
      budget: BUDGETS.repeatVisitLcpMs,
    }),
  ];
}
