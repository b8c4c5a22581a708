import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import puppeteer from 'puppeteer-core';
import type { Browser, Page, Target } from 'puppeteer-core';
import type { Track } from '@loofi/contracts';
import { demoTracks } from '@loofi/backend/local/demo';
import { BUDGETS } from './budgets';
import type { Cleanup } from './cleanup';
import { panelReady } from './page-probe';
import { row } from './report';
import type { Row } from './report';
import { measured, notMeasured } from './scenarios';
import type { Outcome } from './scenarios';
import { hugePng, loopedWav, serveSoakHost } from './soak-host';
import { SoakProfiler } from './soak-profile';

/** Issue 44: the player left on for `minutes`, through outages and stalls. */
export interface SoakFigures {
  minutes: number;
  /** Music silent for more than 5 s while the network was up. */
  stops: StopEpisode[];
  recoveries: Recovery[];
  /** JS heap after a GC, from minute 2 to the end (bytes); null under 3 minutes. */
  heapGrowthBytes: number | null;
  busyHidden: Outcome<BusyFigures>;
  busyVisible: Outcome<BusyFigures>;
  rafWhileHidden: Outcome<{ callbacks: number; requests: number }>;
  /** The longest task while the 12,000 × 12,000 cover's track showed (0: none over 50 ms); null: it never showed. */
  hugeCoverTaskMs: number | null;
  /** The longest task while any other track showed, and which. */
  otherTask: { ms: number; title: string };
  tracksPlayed: number;
}

/** Shares of wall time, in per cent. */
export interface BusyFigures {
  /** Main-thread task time (CDP `TaskDuration`), the harness's own commands left out. */
  tasks: number;
  /** Main-thread CPU time (`ThreadTime`), which a busy machine does not inflate. */
  cpu: number;
  /** The harness's own commands (`DevToolsCommandDuration`), left out of `tasks`. */
  harness: number;
}

export interface StopEpisode {
  atSeconds: number;
  seconds: number;
  paused: boolean;
}

export interface Recovery {
  kind: 'outage' | 'stall';
  atSeconds: number;
  /** From the network's return to the music playing on; null: it never did. */
  delayMs: number | null;
  /** The music still played when the network came back. */
  playedThrough: boolean;
}

interface SoakProbe {
  progressAt: number;
  /** The element that last advanced: its source, position and length. */
  src: string;
  time: number;
  duration: number;
  sources: string[];
  watchFrom: number | null;
  recoveredAt: number | null;
  rafRequestsHidden: number;
  rafCallbacksHidden: number;
  /** The longest task while each title showed in the player bar. */
  longestTasks: Record<string, number>;
}

declare global {
  interface Window {
    __soak?: SoakProbe;
  }
}

const OUTAGE_EVERY_MS = 4 * 60_000;
const OUTAGE_MS = 30_000;
const STALL_EVERY_MS = 3 * 60_000;
/** Silence a stall causes: shorter than the 15 s after which a track may be left. */
const STALL_MS = 10_000;
/** The longest a stall waits for the music to use what it held ahead. */
const STALL_DRAIN_MAX_MS = 60_000;
const STOP_AFTER_MS = 5_000;
/** After an incident, the next waits this long: its recovery is measured on its own. */
const SETTLE_MS = 30_000;
const WARM_UP_MS = 2 * 60_000;
/** Visible and hidden alternate in blocks of this length after the warm-up. */
const PHASE_MS = 2 * 60_000;
const REMOTE_SECONDS = 150;
const WAIT_MS = 60_000;

/**
 * What the page itself reports: when the music last advanced (any element), the first advance
 * after the harness marks the network back, the longest task, and `requestAnimationFrame`
 * requests and callbacks while the page is hidden.
 */
function installSoakProbe() {
  const probe: SoakProbe = {
    progressAt: performance.now(),
    src: '',
    time: 0,
    duration: 0,
    sources: [],
    watchFrom: null,
    recoveredAt: null,
    rafRequestsHidden: 0,
    rafCallbacksHidden: 0,
    longestTasks: {},
  };
  window.__soak = probe;
  const last = new WeakMap<HTMLMediaElement, number>();
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    if (!last.has(this)) {
      last.set(this, this.currentTime);
      this.addEventListener('timeupdate', () => {
        const before = last.get(this) ?? 0;
        last.set(this, this.currentTime);
        if (this.paused || this.currentTime <= before) return;
        const now = performance.now();
        probe.progressAt = now;
        probe.time = this.currentTime;
        probe.duration = this.duration;
        if (probe.src !== this.currentSrc) {
          probe.src = this.currentSrc;
          probe.sources.push(this.currentSrc);
          if (probe.sources.length > 50) probe.sources.shift();
        }
        if (probe.watchFrom !== null && probe.recoveredAt === null) probe.recoveredAt = now;
      });
    }
    return play.call(this);
  };
  const request = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => {
    if (document.hidden) probe.rafRequestsHidden += 1;
    return request((time) => {
      if (document.hidden) probe.rafCallbacksHidden += 1;
      callback(time);
    });
  };
  new PerformanceObserver((list) => {
    const title = document.querySelector('[data-testid="player-title"]')?.textContent ?? '';
    for (const entry of list.getEntries()) {
      probe.longestTasks[title] = Math.max(probe.longestTasks[title] ?? 0, entry.duration);
    }
  }).observe({ type: 'longtask', buffered: true });
}

/** Says which step of the set-up failed. */
const step = <T>(name: string, run: () => Promise<T>): Promise<T> =>
  run().catch((error: unknown) => {
    throw new Error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  });

async function signIn(page: Page, hostUrl: string, browser: Browser) {
  await step('opening /auth', () => page.goto(`${hostUrl}/auth`));
  const popup = new Promise<Target>((resolve) => browser.once('targetcreated', resolve));
  await step('pressing Sign in with Google', () =>
    page.locator('button::-p-text(Sign in with Google)').click(),
  );
  const chooser = await step('the account chooser', async () => (await popup).page());
  if (!chooser) throw new Error('The account chooser did not open.');
  await step('pressing Continue', () =>
    chooser
      .locator('button::-p-text(Continue)')
      .click()
      .catch((error: unknown) => {
        // The chooser closes itself once it has answered, sometimes before the click returns.
        if (!chooser.isClosed()) throw error;
      }),
  );
  await step('the dashboard', async () => {
    await page.waitForFunction(() => !location.pathname.endsWith('/auth'), { timeout: WAIT_MS });
    await page.waitForFunction(panelReady, { polling: 'raf', timeout: WAIT_MS }, null);
  });
}

async function replaceLibrary(page: Page, tracks: readonly Track[]) {
  await page.evaluate(
    (entries) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('loofi');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const transaction = open.result.transaction('loofi-music', 'readwrite');
          const store = transaction.objectStore('loofi-music');
          store.clear();
          for (const entry of entries) store.add(entry);
          transaction.oncomplete = () => {
            open.result.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    tracks,
  );
  await page.reload();
  await page.waitForFunction(panelReady, { polling: 'raf', timeout: WAIT_MS }, null);
}

/**
 * The demo library and four longer tracks of the remote host (the queue is shuffled), two
 * of them with a 12,000 × 12,000 cover, each at its own address so neither is decoded once
 * for both: showing one must not hold the main thread.
 */
async function soakLibrary(hostRoot: string, cleanup: Cleanup) {
  const files: Record<string, Buffer> = {};
  const covers: Record<string, { body: Buffer; type: string }> = {};
  const hugeCoverTitles: string[] = [];
  const remote: Track[] = [];
  const hugeCover = hugePng(12_000);
  const demo = demoTracks();
  for (const [index, track] of demo.entries()) {
    const name = `remote-${path.basename(track.audio)}`;
    files[name] = loopedWav(await readFile(path.join(hostRoot, track.audio)), REMOTE_SECONDS);
    const title = `Remote ${track.title}`;
    let image = '';
    if (index % 2 === 0) {
      image = `cover-12000-${index}.png`;
      covers[image] = { body: hugeCover, type: 'image/png' };
      hugeCoverTitles.push(title);
    }
    remote.push({ ...track, title, audio: name, image });
  }
  const host = await serveSoakHost(files, covers);
  cleanup.add('the soak host', () => host.close());
  return {
    host,
    hugeCoverTitles,
    tracks: [
      ...demo,
      ...remote.map((track) => ({
        ...track,
        audio: `${host.url}/${track.audio}`,
        image: track.image && `${host.url}/${track.image}`,
      })),
    ],
  };
}

const readProbe = (page: Page) =>
  page.evaluate(() => {
    const probe = window.__soak!;
    const toggle = document.querySelector('section[aria-label="Player"] button[aria-label="Play"]');
    return {
      now: performance.now(),
      progressAt: probe.progressAt,
      src: probe.src,
      time: probe.time,
      duration: probe.duration,
      paused: toggle !== null,
      hidden: document.hidden,
      title: document.querySelector('[data-testid="player-title"]')?.textContent ?? '',
    };
  });

type Phase = 'warm-up' | 'visible' | 'hidden';

const phaseAt = (ms: number): Phase =>
  ms < WARM_UP_MS
    ? 'warm-up'
    : Math.floor((ms - WARM_UP_MS) / PHASE_MS) % 2 === 0
      ? 'hidden'
      : 'visible';

export async function measureSoak(
  hostUrl: string,
  hostRoot: string,
  options: { minutes: number; chromiumPath: string; cleanup: Cleanup; log(line: string): void },
): Promise<SoakFigures> {
  const { minutes, cleanup, log } = options;
  const { host, tracks, hugeCoverTitles } = await soakLibrary(hostRoot, cleanup);
  // Puppeteer, not Playwright: a page Playwright drives never reports itself hidden, and
  // the background-throttling switches both set by default are what an owner's browser lacks.
  const browser = await puppeteer.launch({
    executablePath: options.chromiumPath,
    headless: true,
    defaultViewport: null,
    args: ['--no-sandbox', '--window-size=1280,800', '--no-first-run', '--disable-sync'],
    ignoreDefaultArgs: [
      '--disable-background-timer-throttling',
      '--disable-backgrounding-occluded-windows',
      '--disable-renderer-backgrounding',
    ],
  });
  cleanup.add('the soak Chromium', () => browser.close());
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  page.setDefaultTimeout(WAIT_MS);
  await page.evaluateOnNewDocument('globalThis.__name ??= (target) => target;');
  await page.evaluateOnNewDocument(installSoakProbe);
  await signIn(page, hostUrl, browser);
  await step('replacing the library', () => replaceLibrary(page, tracks));
  const cdp = await page.createCDPSession();
  await cdp.send('Performance.enable');
  const profileDir = process.env.LOOFI_SOAK_PROFILE;
  const profiler = profileDir ? new SoakProfiler(cdp, profileDir) : null;
  const cover = await browser.newPage();
  await page.bringToFront();

  log(
    `  soak: ${minutes} min, ${tracks.length} tracks (half on a remote host), outages and stalls`,
  );
  const pressedAt = await page.evaluate(() => performance.now());
  await step('pressing Play', () =>
    page.locator('section[aria-label="Player"] button[aria-label="Play"]').click(),
  );
  // The clock starts with the first sound: how long that takes is another figure's.
  await step('the first sound', () =>
    page.waitForFunction(
      (at: number) => window.__soak!.progressAt > at,
      { timeout: WAIT_MS },
      pressedAt,
    ),
  );
  // Long tasks count from then on: loading the page and answering Play are INP's figures.
  await page.evaluate(() => {
    window.__soak!.longestTasks = {};
  });
  const started = Date.now();
  const elapsed = () => Date.now() - started;
  const end = minutes * 60_000;

  const stops: StopEpisode[] = [];
  const recoveries: Recovery[] = [];
  const busy = {
    visible: { task: 0, cpu: 0, harness: 0, wall: 0 },
    hidden: { task: 0, cpu: 0, harness: 0, wall: 0 },
  };
  let hiddenFailure: string | null = null;
  let heapAtTwo: number | null = null;
  let stop: StopEpisode | null = null;
  let incident: { kind: Recovery['kind']; until: number; at: number } | null = null;
  // A stall holds until the music has used what it held ahead, then STALL_MS of silence.
  let stallDrainBy = 0;
  let networkBackAt = 0;
  let networkBackElapsed = Number.NEGATIVE_INFINITY;
  // Set in `networkBack`, which the loop calls: declared wide so it is not narrowed to null.
  let pending = null as Recovery | null;
  let nextOutage = OUTAGE_EVERY_MS;
  let nextStall = STALL_EVERY_MS;
  let phase: Phase = 'warm-up';
  let phaseStart = { task: 0, cpu: 0, harness: 0, wall: 0 };
  const tracksSeen = new Set<string>();
  const titlesSeen = new Set<string>();
  let lastTitle = '';

  const mainThread = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const read = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? 0;
    return {
      task: read('TaskDuration'),
      cpu: read('ThreadTime'),
      harness: read('DevToolsCommandDuration'),
      wall: Date.now() / 1000,
    };
  };
  const heapAfterGc = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
  };
  const closePhase = async () => {
    if (phase === 'warm-up') return;
    await profiler?.stop(phase);
    const now = await mainThread();
    for (const key of ['task', 'cpu', 'harness', 'wall'] as const) {
      busy[phase][key] += now[key] - phaseStart[key];
    }
  };
  const networkBack = async (kind: Recovery['kind'], at: number) => {
    const state = await readProbe(page);
    networkBackAt = state.now;
    const playedThrough = state.now - state.progressAt < 1_000;
    await page.evaluate(() => {
      window.__soak!.watchFrom = performance.now();
      window.__soak!.recoveredAt = null;
    });
    pending = { kind, atSeconds: at / 1000, delayMs: null, playedThrough };
    recoveries.push(pending);
  };

  while (elapsed() < end) {
    const now = elapsed();
    const wanted = phaseAt(now);
    if (wanted !== phase) {
      await closePhase();
      if (phase === 'warm-up' && minutes >= 3) heapAtTwo = await heapAfterGc();
      phase = wanted;
      if (phase === 'hidden') await cover.bringToFront();
      else await page.bringToFront();
      phaseStart = await mainThread();
      await profiler?.start();
    }

    if (incident && now >= incident.until) {
      if (incident.kind === 'outage') {
        host.online();
        await page.setOfflineMode(false);
      } else host.resume();
      await networkBack(incident.kind, incident.at);
      networkBackElapsed = now;
      incident = null;
    }
    const state = await readProbe(page);
    if (phase === 'hidden' && !state.hidden && !hiddenFailure) {
      hiddenFailure = 'n/a (Chromium did not hide the page)';
    }
    if (state.src) tracksSeen.add(state.src);
    if (state.title !== lastTitle) {
      log(`    ${(now / 60_000).toFixed(1)} min: “${state.title}”`);
    }
    lastTitle = state.title;
    titlesSeen.add(state.title);
    if (incident?.kind === 'stall' && incident.until === Number.POSITIVE_INFINITY) {
      if (state.now - state.progressAt > 1_000 || now > stallDrainBy) {
        incident.until = now + STALL_MS;
        log(
          `    ${(now / 60_000).toFixed(1)} min: silent; the host sends nothing ${STALL_MS / 1000} s more`,
        );
      }
    }
    if (pending) {
      const recoveredAt = await page.evaluate(() => window.__soak!.recoveredAt);
      if (recoveredAt !== null) {
        pending.delayMs = Math.max(0, recoveredAt - networkBackAt);
        pending = null;
      }
    }

    // The next incident waits until the music has had time to come back from the last.
    const quiet = now >= networkBackElapsed + SETTLE_MS;
    if (!incident && quiet && now >= nextOutage) {
      nextOutage += OUTAGE_EVERY_MS;
      host.offline();
      await page.setOfflineMode(true);
      incident = { kind: 'outage', until: now + OUTAGE_MS, at: now };
      log(`    ${(now / 60_000).toFixed(1)} min: network off for ${OUTAGE_MS / 1000} s`);
    } else if (!incident && quiet && now >= nextStall) {
      // Mid-track on the remote host, as soon as one plays (the demo plays from the site).
      const remote = state.src.startsWith(host.url);
      if (remote && state.time > 10 && state.duration - state.time > STALL_DRAIN_MAX_MS / 1000) {
        nextStall += STALL_EVERY_MS;
        host.stall();
        incident = { kind: 'stall', until: Number.POSITIVE_INFINITY, at: now };
        stallDrainBy = now + STALL_DRAIN_MAX_MS;
        log(`    ${(now / 60_000).toFixed(1)} min: the host stops sending`);
      }
    }

    const silentMs = state.now - Math.max(state.progressAt, networkBackAt);
    if (!incident && silentMs > STOP_AFTER_MS) {
      if (!stop) {
        stop = { atSeconds: now / 1000, seconds: 0, paused: state.paused };
        stops.push(stop);
        log(
          `    ${(now / 60_000).toFixed(1)} min: the music stopped (${state.paused ? 'paused' : 'says playing'})`,
        );
      }
      stop.seconds = silentMs / 1000;
    } else if (silentMs < 1_000) stop = null;
    await sleep(1_000);
  }
  await closePhase();
  if (incident) {
    host.online();
    host.resume();
  }
  for (const line of profiler?.report() ?? []) log(line);
  const heapAtEnd = await heapAfterGc();
  const probe = await page.evaluate(() => ({ ...window.__soak!, sources: [] }));
  await browser.close();

  const share = (part: typeof busy.hidden): Outcome<BusyFigures> =>
    part.wall > 0
      ? measured({
          tasks: ((part.task - part.harness) / part.wall) * 100,
          cpu: (part.cpu / part.wall) * 100,
          harness: (part.harness / part.wall) * 100,
        })
      : notMeasured('n/a (too short)');
  return {
    minutes,
    stops,
    recoveries,
    heapGrowthBytes: heapAtTwo === null ? null : heapAtEnd - heapAtTwo,
    busyHidden: hiddenFailure ? notMeasured(hiddenFailure) : share(busy.hidden),
    busyVisible: share(busy.visible),
    rafWhileHidden: hiddenFailure
      ? notMeasured(hiddenFailure)
      : busy.hidden.wall === 0
        ? notMeasured('n/a (too short)')
        : measured({ callbacks: probe.rafCallbacksHidden, requests: probe.rafRequestsHidden }),
    hugeCoverTaskMs: hugeCoverTitles.some((title) => titlesSeen.has(title))
      ? Math.max(0, ...hugeCoverTitles.map((title) => probe.longestTasks[title] ?? 0))
      : null,
    otherTask: Object.entries(probe.longestTasks)
      .filter(([title]) => !hugeCoverTitles.includes(title))
      .reduce((longest, [title, ms]) => (ms > longest.ms ? { ms, title } : longest), {
        ms: 0,
        title: '',
      }),
    tracksPlayed: tracksSeen.size,
  };
}

const busyValue = (busy: Outcome<BusyFigures>): Outcome =>
  busy.ok ? measured(busy.value.tasks) : busy;
const busyDetail = (busy: Outcome<BusyFigures>) =>
  busy.ok
    ? `tasks over wall time; CPU ${busy.value.cpu.toFixed(2)} %; the harness's probes (${busy.value.harness.toFixed(2)} %) left out`
    : '';

const SECTION = 'Soak: the player left on, outages and stalls (issue 44)';

export function soakRows(outcome: Outcome<SoakFigures>): Row[] {
  if (!outcome.ok) {
    return [row({ section: SECTION, figure: 'soak', unit: 'count', value: outcome })];
  }
  const soak = outcome.value;
  const minute = (seconds: number) =>
    `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;
  const heard = soak.recoveries.filter((recovery) => !recovery.playedThrough);
  const worst = heard.reduce<number | null>(
    (max, recovery) =>
      recovery.delayMs === null ? Number.POSITIVE_INFINITY : Math.max(max ?? 0, recovery.delayMs),
    null,
  );
  return [
    row({
      section: SECTION,
      figure: `stops not recovered (silent > 5 s, network up), ${soak.minutes} min`,
      unit: 'count',
      value: measured(soak.stops.length),
      detail: soak.stops
        .map(
          (stop) =>
            `${minute(stop.atSeconds)} ${stop.seconds.toFixed(0)} s${stop.paused ? ' paused' : ''}`,
        )
        .join(', '),
      budget: BUDGETS.soak.stops,
    }),
    row({
      section: SECTION,
      figure: 'recovery after the network returns, worst',
      unit: 'ms',
      value:
        worst === null
          ? notMeasured('n/a (the music played through every incident)')
          : Number.isFinite(worst)
            ? measured(worst)
            : notMeasured('never (the music did not come back)'),
      detail: soak.recoveries
        .map(
          (recovery) =>
            `${recovery.kind} ${minute(recovery.atSeconds)}: ${
              recovery.playedThrough
                ? 'played through'
                : recovery.delayMs === null
                  ? 'never'
                  : `${(recovery.delayMs / 1000).toFixed(1)} s`
            }`,
        )
        .join('; '),
      budget: BUDGETS.soak.recoveryMs,
    }),
    row({
      section: SECTION,
      figure: 'JS heap growth, minute 2 to the end (after a GC)',
      unit: 'bytes',
      value:
        soak.heapGrowthBytes === null
          ? notMeasured('n/a (under 3 min)')
          : measured(soak.heapGrowthBytes),
      budget: BUDGETS.soak.heapGrowthBytes,
    }),
    row({
      section: SECTION,
      figure: 'main-thread busy, tab hidden',
      unit: 'percent',
      value: busyValue(soak.busyHidden),
      detail: busyDetail(soak.busyHidden),
      budget: BUDGETS.soak.busyHiddenPercent,
    }),
    row({
      section: SECTION,
      figure: 'main-thread busy, tab visible (Default theme)',
      unit: 'percent',
      value: busyValue(soak.busyVisible),
      detail: busyDetail(soak.busyVisible),
      budget: BUDGETS.soak.busyVisiblePercent,
    }),
    row({
      section: SECTION,
      figure: 'requestAnimationFrame callbacks while hidden',
      unit: 'count',
      value: soak.rafWhileHidden.ok
        ? measured(soak.rafWhileHidden.value.callbacks)
        : soak.rafWhileHidden,
      detail: soak.rafWhileHidden.ok ? `${soak.rafWhileHidden.value.requests} requested` : '',
      budget: 0,
    }),
    row({
      section: SECTION,
      figure: 'longest task while a 12,000 × 12,000 cover shows',
      unit: 'ms',
      value:
        soak.hugeCoverTaskMs === null
          ? notMeasured('n/a (its track was not reached)')
          : measured(soak.hugeCoverTaskMs),
      detail: 'from the moment its track is current: 0 is no task over 50 ms',
      budget: BUDGETS.soak.longestTaskMs,
    }),
    row({
      section: SECTION,
      figure: 'longest task while other tracks play',
      unit: 'ms',
      value: measured(soak.otherTask.ms),
      detail: soak.otherTask.title
        ? `while “${soak.otherTask.title}” showed; ${soak.tracksPlayed} tracks heard`
        : `${soak.tracksPlayed} tracks heard`,
    }),
  ];
}
