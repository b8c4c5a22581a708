import { performance } from 'node:perf_hooks';
import type { Browser, Page } from '@playwright/test';
import { TAB_LABELS, TAB_NAMES } from '@loofi/contracts';
import type { TabName } from '@loofi/contracts';
import { freshContext, openProbedPage } from './browser';
import type { Throttling } from './browser';
import type { NetworkRecorder, ScriptTransfer } from './network-recorder';
import {
  armTabSwitch,
  pageNow,
  panelReady,
  readInteraction,
  readVitals,
  seedLibrary,
  settleAfterInput,
  tabSwitchResult,
} from './page-probe';
import type { InteractionTiming, LoadVitals } from './page-probe';
import { signIn, waitForFirstTab } from './sign-in';

/** A figure, or why it could not be taken. */
export type Outcome<T = number> = { ok: true; value: T } | { ok: false; reason: string };

export const measured = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const notMeasured = (reason: string): Outcome<never> => ({ ok: false, reason });

export const TIMEOUT_MS = { fast: 30_000, throttled: 120_000 };
/**
 * Silence on the network after which a load counts as done. Unthrottled, long enough for
 * the lazy chunks a page fetches on idle; throttled, several Slow 4G round trips.
 */
const QUIET_MS = { fast: 1_000, throttled: 2_500 };

const timing = (throttling: Throttling | null) => (throttling ? 'throttled' : 'fast');

export interface PageLoad {
  scripts: ScriptTransfer[];
  vitals: LoadVitals;
  /** When the first tab showed its content live (ms from navigation); null on /auth. */
  liveMs: number | null;
  /** False when the network never went quiet before the timeout. */
  settled: boolean;
}

/** A first visit to /auth in a fresh context. */
export async function loadAuth(
  browser: Browser,
  baseUrl: string,
  throttling: Throttling | null,
): Promise<PageLoad> {
  const speed = timing(throttling);
  const context = await freshContext(browser, TIMEOUT_MS[speed]);
  try {
    const { page, network } = await openProbedPage(context, throttling);
    await page.goto(`${baseUrl}/auth`);
    await page.getByRole('button', { name: 'Sign in with Google' }).waitFor();
    return await finishLoad(page, network, QUIET_MS[speed], TIMEOUT_MS[speed], null);
  } finally {
    await context.close();
  }
}

/**
 * How long after its first tab is live the dashboard starts the last of its own deferred
 * work: it preloads the other tabs 2 s after it mounts and registers the service worker
 * (fetching workbox-window) 3 s after, each when the browser is next idle.
 */
export const DEFERRED_START_MS = 5_000;

/**
 * The dashboard's first load after sign-in: sign in in a fresh context, then load / in a new
 * page of that context (its cookies and IndexedDB) with the HTTP cache off. With
 * `untilDeferredStart`, the load is not over before DEFERRED_START_MS after the first tab is
 * live, so that what the dashboard fetches on its own later is counted whatever the timing
 * (a quiet network could otherwise end one load before its service worker's script and the
 * next after it).
 */
export async function loadDashboard(
  browser: Browser,
  baseUrl: string,
  throttling: Throttling | null,
  { untilDeferredStart = false }: { untilDeferredStart?: boolean } = {},
): Promise<PageLoad> {
  const speed = timing(throttling);
  const context = await freshContext(browser, TIMEOUT_MS[speed]);
  try {
    await signIn(context, baseUrl);
    const { page, network } = await openProbedPage(context, throttling);
    await page.goto(`${baseUrl}/`);
    const liveMs = await waitForFirstTab(page);
    const notBefore = untilDeferredStart ? performance.now() + DEFERRED_START_MS : 0;
    return await finishLoad(page, network, QUIET_MS[speed], TIMEOUT_MS[speed], liveMs, notBefore);
  } finally {
    await context.close();
  }
}

async function finishLoad(
  page: Page,
  network: NetworkRecorder,
  quietMs: number,
  timeoutMs: number,
  liveMs: number | null,
  notBefore = 0,
): Promise<PageLoad> {
  const settled = await network.quiet(quietMs, timeoutMs, notBefore);
  const vitals = await page.evaluate(readVitals);
  const failed = network.failedScripts();
  if (failed.length > 0) throw new Error(`Scripts failed to load: ${failed.join(', ')}`);
  return { scripts: network.scripts(), vitals, settled, liveMs };
}

async function switchTab(page: Page, tab: TabName): Promise<Outcome> {
  const control = page.getByRole('tab', { name: TAB_LABELS[tab], exact: true });
  if ((await control.count()) === 0) return notMeasured(`no tab named ${TAB_LABELS[tab]}`);
  const panelId = await control.getAttribute('aria-controls');
  await page.evaluate(armTabSwitch, panelId);
  await control.click();
  const result = await page.evaluate(tabSwitchResult);
  return result.failed
    ? notMeasured(`the ${tab} tab showed its fallback or never appeared`)
    : measured(result.ms);
}

export interface TabSwitchRun {
  /** The first switch to each tab in a page that never showed it, right after load. */
  first: Record<TabName, Outcome>;
  /** A switch back to a tab the page already showed: the best case today. */
  warm: Record<TabName, Outcome>;
  /** The first switch after the dashboard sat idle, when the host preloads remotes. */
  afterIdle: Record<SwitchedTab, Outcome>;
  /** Every script downloaded by the load and the walk through the three tabs. */
  walk: ScriptTransfer[];
}

/** Scripts whose names say they are a remote's entry (Module Federation's two files). */
const REMOTE_ENTRY = /\/(mf-manifest\.json|remoteEntry\.js)(\?|$)/;

/** How long the dashboard sits idle before the preloading check. */
const IDLE_MS = 3_000;

/**
 * Switches between the tabs as an owner does, unthrottled, with the HTTP cache off:
 * Music and Settings right after the dashboard appears, then back to each (warm); a reload
 * (on Settings) for Home's first switch; another reload and an idle wait to see whether
 * the host preloads the other remotes, and if it does, how fast a first switch is then.
 */
export async function walkTabs(browser: Browser, baseUrl: string): Promise<TabSwitchRun> {
  const context = await freshContext(browser, TIMEOUT_MS.fast);
  try {
    await signIn(context, baseUrl);
    const { page, network } = await openProbedPage(context, null);
    await page.goto(`${baseUrl}/`);
    await waitForFirstTab(page);
    const first = {} as Record<TabName, Outcome>;
    for (const tab of SWITCHED_TABS) first[tab] = await switchTab(page, tab);
    await network.quiet(QUIET_MS.fast, TIMEOUT_MS.fast);
    const warm = {} as Record<TabName, Outcome>;
    for (const tab of TAB_NAMES) warm[tab] = await switchTab(page, tab);
    await network.quiet(QUIET_MS.fast, TIMEOUT_MS.fast);
    const walk = network.scripts();

    // The active tab is remembered: the reload opens the last one, so Home's remote is new.
    await page.reload();
    await waitForFirstTab(page);
    first[LANDING_TAB] = await switchTab(page, LANDING_TAB);

    network.reset();
    await page.reload();
    await waitForFirstTab(page);
    await network.quiet(QUIET_MS.fast, TIMEOUT_MS.fast);
    await page.waitForTimeout(IDLE_MS);
    const entryOrigins = new Set(
      network
        .urls()
        .filter((url) => REMOTE_ENTRY.test(url))
        .map((url) => new URL(url).origin),
    );
    // Only Home's remote is needed on Home: a second remote's entry means preloading.
    const preloads = entryOrigins.size > 1;
    const noPreloading = notMeasured('n/a (no preloading)');
    const afterIdle = {} as Record<SwitchedTab, Outcome>;
    for (const tab of SWITCHED_TABS) {
      afterIdle[tab] = preloads ? await switchTab(page, tab) : noPreloading;
    }
    return { first, warm, afterIdle, walk };
  } finally {
    await context.close();
  }
}

/** The tab the dashboard opens on first; the others are switched to. */
export const LANDING_TAB = 'home' satisfies TabName;
export type SwitchedTab = Exclude<TabName, typeof LANDING_TAB>;
export const SWITCHED_TABS = TAB_NAMES.filter((tab): tab is SwitchedTab => tab !== LANDING_TAB);

/**
 * The first switch to Music, then to Settings, under throttling: signed in, `/` loaded with
 * the HTTP cache off, and each tab pressed as soon as the dashboard shows Home (before the
 * host's idle preloading could start), so each switch fetches its remote over the slow
 * network.
 */
export async function switchThrottled(
  browser: Browser,
  baseUrl: string,
  throttling: Throttling,
): Promise<Record<SwitchedTab, Outcome>> {
  const context = await freshContext(browser, TIMEOUT_MS.throttled);
  try {
    await signIn(context, baseUrl);
    const { page } = await openProbedPage(context, throttling);
    await page.goto(`${baseUrl}/`);
    await waitForFirstTab(page);
    const switches = {} as Record<SwitchedTab, Outcome>;
    for (const tab of SWITCHED_TABS) switches[tab] = await switchTab(page, tab);
    return switches;
  } finally {
    await context.close();
  }
}

export type InteractionName = 'playPause' | 'addMusic' | 'tablePage' | 'queueOpen';

export type InteractionRun = Record<InteractionName, Outcome<InteractionTiming>>;

/** Runs one interaction and returns its latency from the Event Timing entries. */
export async function interact(page: Page, act: () => Promise<void>): Promise<InteractionTiming> {
  const since = await page.evaluate(pageNow);
  await act();
  await page.evaluate(settleAfterInput);
  return page.evaluate(readInteraction, since);
}

export const BIG_LIBRARY = 10_000;

/**
 * The three interactions of the INP figure, in one signed-in page: play then pause in the
 * player bar, opening the Add Music dialog on the Music tab, and the next page of a
 * 10,000-track table (when `bigTable` and the build has such a table).
 */
export async function measureInteractions(
  browser: Browser,
  baseUrl: string,
  bigTable: boolean,
): Promise<InteractionRun> {
  const context = await freshContext(browser, TIMEOUT_MS.fast);
  try {
    await signIn(context, baseUrl);
    const { page, network } = await openProbedPage(context, null);
    await page.goto(`${baseUrl}/`);
    await waitForFirstTab(page);
    await network.quiet(QUIET_MS.fast, TIMEOUT_MS.fast);

    const playPause = await measurePlayPause(page);
    const addMusic = await measureAddMusic(page);
    const tablePage = bigTable ? await measureTablePage(page) : notMeasured('n/a (not in --quick)');
    // With the 10,000 tracks of the table in the queue.
    const queueOpen = bigTable ? await measureQueueOpen(page) : notMeasured('n/a (not in --quick)');
    return { playPause, addMusic, tablePage, queueOpen };
  } finally {
    await context.close();
  }
}

export async function measurePlayPause(page: Page): Promise<Outcome<InteractionTiming>> {
  const player = page.getByRole('region', { name: 'Player' });
  const play = player.getByRole('button', { name: 'Play', exact: true });
  if ((await play.count()) === 0) return notMeasured('n/a (no Play button in the player bar)');
  const played = await interact(page, () => play.click());
  const pause = player.getByRole('button', { name: 'Pause', exact: true });
  try {
    await pause.waitFor({ timeout: 5_000 });
  } catch {
    // The track could not start (no audio device): the Play press alone is the figure.
    return measured(played);
  }
  const paused = await interact(page, () => pause.click());
  return measured(paused.ms > played.ms ? paused : played);
}

/** Presses a tab of the sidebar and waits for its panel's content; false without that tab. */
export async function openTab(page: Page, tab: TabName): Promise<boolean> {
  const control = page.getByRole('tab', { name: TAB_LABELS[tab], exact: true });
  if ((await control.count()) === 0) return false;
  const panelId = await control.getAttribute('aria-controls');
  await control.click();
  await page.waitForFunction(panelReady, panelId, { polling: 'raf' });
  return true;
}

export async function measureAddMusic(page: Page): Promise<Outcome<InteractionTiming>> {
  if (!(await openTab(page, 'music'))) return notMeasured('n/a (no Music tab)');
  const button = page.getByRole('button', { name: 'Add Music' });
  if ((await button.count()) === 0) return notMeasured('n/a (no Add Music button in this build)');
  const opened = await interact(page, () => button.first().click());
  await page.getByRole('dialog').waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  return measured(opened);
}

/** How long the Music tab may take to render a 10,000-track library. */
const TABLE_WAIT_MS = 15_000;

async function measureTablePage(page: Page): Promise<Outcome<InteractionTiming>> {
  const seeded = await page.evaluate(seedLibrary, BIG_LIBRARY);
  if (!seeded.seeded) return notMeasured(`n/a (${seeded.reason})`);
  await page.reload();
  await waitForFirstTab(page);
  if (!(await openTab(page, 'music'))) return notMeasured('n/a (no Music tab)');
  const next = page.getByRole('button', { name: /next page/i });
  try {
    await next.first().waitFor({ timeout: TABLE_WAIT_MS });
  } catch {
    return notMeasured('n/a (no paginated track table in this build)');
  }
  return measured(await interact(page, () => next.first().click()));
}

/**
 * Issue 27: from a press on the player's Queue button to the panel's first upcoming rows on
 * the screen (the frame after they are in the page), with the whole library queued. The
 * owner points at the button first, as a mouse does, which fetches the panel's code.
 */
async function measureQueueOpen(page: Page): Promise<Outcome<InteractionTiming>> {
  const button = page
    .getByRole('region', { name: 'Player' })
    .getByRole('button', { name: 'Queue', exact: true });
  if ((await button.count()) === 0) return notMeasured('n/a (no Queue button in this build)');
  await button.hover();
  await page.waitForFunction(
    () => performance.getEntriesByType('resource').some((entry) => /queue-panel/.test(entry.name)),
    null,
    { timeout: TIMEOUT_MS.fast },
  );
  const ms = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const queue = document.querySelector<HTMLElement>('[aria-label="Queue"]')!;
        const start = performance.now();
        queue.click();
        const check = () => {
          if (document.querySelector('[role="dialog"] ul li')) {
            requestAnimationFrame(() => resolve(performance.now() - start));
          } else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
  const heading = await page.getByRole('heading', { name: /^Up next/ }).innerText();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  const queued = Number(/\((\d+)\)/.exec(heading)?.[1] ?? 0);
  if (queued < BIG_LIBRARY - 1) return notMeasured(`n/a (only ${queued} tracks queued)`);
  return measured({
    ms,
    event: 'press → first rows painted',
    inputDelay: 0,
    processing: ms,
    presentation: 0,
  });
}
