import { performance } from 'node:perf_hooks';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { BUDGETS } from './budgets';
import { freshContext, openProbedPage } from './browser';
import { settleAfterInput } from './page-probe';
import { recordMedia } from './playback';
import { row } from './report';
import type { Row } from './report';
import { DEFERRED_START_MS, measured, notMeasured, TIMEOUT_MS } from './scenarios';
import type { Outcome } from './scenarios';
import { signIn, waitForFirstTab } from './sign-in';
import { median } from './stats';

export type MiniPlayerControl = 'Pause' | 'Play' | 'Next';

/** What a control does to the page: its `<audio>` paused or played, or a new title shown. */
type ControlEffect = 'pause' | 'play' | 'title';

const CONTROLS: readonly { control: MiniPlayerControl; effect: ControlEffect; label: string }[] = [
  { control: 'Pause', effect: 'pause', label: "the page's <audio> fires pause" },
  { control: 'Play', effect: 'play', label: "the page's <audio> fires play" },
  { control: 'Next', effect: 'title', label: 'the page shows the next title' },
];

export interface MiniPlayerRun {
  /** From the click on Mini player to its window's `main` holding the playing title. */
  openMs: number;
  /** From the click to the `enter` event: the browser's share, the floor of `openMs`. */
  enterMs: number;
  /** From a click in the window to its effect on the page. */
  controls: Record<MiniPlayerControl, number>;
}

/** Issue 46: the medians of the runs, and the runs. */
export interface MiniPlayerFigures extends MiniPlayerRun {
  runs: MiniPlayerRun[];
}

/** Document Picture-in-Picture, which TypeScript's DOM types do not have yet. */
type WithPip = Window & {
  documentPictureInPicture?: EventTarget & { window: (Window & typeof globalThis) | null };
};

interface MiniPlayerWatch {
  pressedAt: number | null;
  enteredAt: number | null;
  /** When the window held the player, or when the page showed a new title. */
  doneAt: number | null;
}

declare global {
  interface Window {
    __benchMini?: MiniPlayerWatch;
  }
}

/**
 * Arms the open: the next click in the page starts the clock; the `enter` event, then the
 * window's `main` holding the title the page shows, are timed on the page's clock.
 */
function armOpen(): void {
  const pip = (window as WithPip).documentPictureInPicture;
  if (!pip) throw new Error('No Document Picture-in-Picture.');
  const playing = document.querySelector('[data-testid="player-title"]')?.textContent ?? '';
  if (playing === '') throw new Error('No title shown in the player bar.');
  const watch: MiniPlayerWatch = { pressedAt: null, enteredAt: null, doneAt: null };
  window.__benchMini = watch;
  addEventListener('click', () => (watch.pressedAt = performance.now()), {
    capture: true,
    once: true,
  });
  pip.addEventListener(
    'enter',
    (event) => {
      watch.enteredAt = performance.now();
      // The window's own constructor: an observer of this page cannot watch its document.
      const opened = (event as Event & { window: Window & typeof globalThis }).window;
      const holdsPlayer = () =>
        opened.document.querySelector('main [data-testid="player-title"]')?.textContent === playing;
      const observer = new opened.MutationObserver(() => {
        if (!holdsPlayer()) return;
        watch.doneAt = performance.now();
        observer.disconnect();
      });
      observer.observe(opened.document.body, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    },
    { once: true },
  );
}

/**
 * Arms a control of the open window: the next click in it starts the clock. Its listener is
 * this page's function, so it reads this page's clock, the one the effect is timed on.
 */
function armControl(effect: ControlEffect): void {
  const opened = (window as WithPip).documentPictureInPicture?.window;
  if (!opened) throw new Error('The mini player is not open.');
  const watch: MiniPlayerWatch = { pressedAt: null, enteredAt: null, doneAt: null };
  window.__benchMini = watch;
  opened.document.addEventListener('click', () => (watch.pressedAt = performance.now()), {
    capture: true,
    once: true,
  });
  if (effect !== 'title') return;
  const title = () => document.querySelector('[data-testid="player-title"]')?.textContent;
  const before = title();
  const observer = new MutationObserver(() => {
    if (watch.pressedAt === null || title() === before) return;
    watch.doneAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
}

/** Milliseconds from the click to the effect once it has happened; null before. */
function effectAfterPress(effect: ControlEffect | 'open'): { ms: number } | null {
  const watch = window.__benchMini;
  if (!watch || watch.pressedAt === null) return null;
  const pressedAt = watch.pressedAt;
  if (effect === 'open' || effect === 'title') {
    return watch.doneAt === null ? null : { ms: watch.doneAt - pressedAt };
  }
  const event = (window.__benchMedia ?? []).find(
    (entry) => entry.type === effect && entry.at >= pressedAt,
  );
  return event ? { ms: event.at - pressedAt } : null;
}

async function waitForEffect(page: Page, effect: ControlEffect | 'open'): Promise<number> {
  const handle = await page.waitForFunction(effectAfterPress, effect, { polling: 50 });
  const result = (await handle.jsonValue()) as { ms: number };
  return result.ms;
}

/**
 * One run in a fresh context: the dashboard's deferred work over, the demo library playing,
 * then the mini player opened and its Pause, Play and Next clicked, each once both windows
 * show the last one's effect.
 */
async function runOnce(context: BrowserContext, hostUrl: string): Promise<Outcome<MiniPlayerRun>> {
  await signIn(context, hostUrl);
  await context.addInitScript(recordMedia);
  const { page, network } = await openProbedPage(context, null);
  await page.goto(`${hostUrl}/`);
  await waitForFirstTab(page);
  const notBefore = performance.now() + DEFERRED_START_MS;
  if (!(await page.evaluate(() => 'documentPictureInPicture' in window))) {
    return notMeasured('n/a (no Document Picture-in-Picture in this browser)');
  }
  // The dashboard's own later work (the tabs preloaded on idle) done before the first click.
  await network.quiet(1_000, TIMEOUT_MS.fast, notBefore);
  const bar = page.getByRole('region', { name: 'Player' });
  await bar.getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForFunction(() =>
    (window.__benchMedia ?? []).some((event) => event.type === 'playing'),
  );
  await page.evaluate(settleAfterInput);

  await page.evaluate(armOpen);
  const [mini] = await Promise.all([
    context.waitForEvent('page'),
    bar.getByRole('button', { name: 'Mini player' }).click(),
  ]);
  const openMs = await waitForEffect(page, 'open');
  const watch = await page.evaluate(() => window.__benchMini ?? null);
  if (watch?.pressedAt == null || watch.enteredAt === null) {
    throw new Error('No enter event was seen.');
  }
  await page.evaluate(settleAfterInput);

  const controls: Partial<Record<MiniPlayerControl, number>> = {};
  for (const { control, effect } of CONTROLS) {
    await page.evaluate(armControl, effect);
    await mini.getByRole('button', { name: control, exact: true }).click();
    controls[control] = await waitForEffect(page, effect);
    // Both windows show the new state before the next press.
    const shown = control === 'Pause' ? 'Play' : 'Pause';
    await bar.getByRole('button', { name: shown, exact: true }).waitFor();
    await mini.getByRole('button', { name: shown, exact: true }).waitFor();
    await page.evaluate(settleAfterInput);
  }
  return measured({
    openMs,
    enterMs: watch.enteredAt - watch.pressedAt,
    controls: controls as Record<MiniPlayerControl, number>,
  });
}

/**
 * Issue 46, unthrottled (a desktop browser's feature): the median of `runs` fresh contexts
 * of the mini player's open time and of its controls' effect on the page, each from the
 * click as a capture listener sees it.
 */
export async function measureMiniPlayer(
  browser: Browser,
  hostUrl: string,
  options: { runs: number; log(line: string): void },
): Promise<Outcome<MiniPlayerFigures>> {
  options.log(`  this build: the mini player, ${options.runs} run(s)`);
  try {
    const runs: MiniPlayerRun[] = [];
    for (let index = 0; index < options.runs; index += 1) {
      const context = await freshContext(browser, TIMEOUT_MS.fast);
      try {
        const run = await runOnce(context, hostUrl);
        if (!run.ok) return run;
        runs.push(run.value);
      } finally {
        await context.close();
      }
    }
    const middle = (pick: (run: MiniPlayerRun) => number) => median(runs.map(pick)) ?? 0;
    return measured({
      openMs: middle((run) => run.openMs),
      enterMs: middle((run) => run.enterMs),
      controls: {
        Pause: middle((run) => run.controls.Pause),
        Play: middle((run) => run.controls.Play),
        Next: middle((run) => run.controls.Next),
      },
      runs,
    });
  } catch (error) {
    return notMeasured(`failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const spread = (values: readonly number[]) =>
  `${values.length} runs, ${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))} ms`;

export function miniPlayerRows(outcome: Outcome<MiniPlayerFigures>): Row[] {
  const section =
    'Mini player (issue 46): unthrottled, median of fresh contexts, click → effect on one clock';
  const figures = outcome.ok ? outcome.value : null;
  const value = (pick: (run: MiniPlayerRun) => number): Outcome =>
    outcome.ok ? measured(pick(outcome.value)) : outcome;
  const detail = (pick: (run: MiniPlayerRun) => number, extra = '') =>
    figures ? `${spread(figures.runs.map(pick))}${extra}` : '';
  return [
    row({
      section,
      figure: 'open: Mini player → its window holds the player',
      unit: 'ms',
      value: value((run) => run.openMs),
      detail: detail(
        (run) => run.openMs,
        figures ? `; the browser's window (enter) ${Math.round(figures.enterMs)} ms` : '',
      ),
      budget: BUDGETS.miniPlayerOpenMs,
    }),
    ...CONTROLS.map(({ control, label }) =>
      row({
        section,
        figure: `${control} in the window → ${label}`,
        unit: 'ms',
        value: value((run) => run.controls[control]),
        detail: detail((run) => run.controls[control]),
        budget: BUDGETS.miniPlayerControlMs,
      }),
    ),
  ];
}
