import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { Track } from '@loofi/contracts';
import { replaceLibrary, serveAudio, toneWav } from '../e2e/support/audio-fixtures';
import { BUDGETS } from './budgets';
import type { Cleanup } from './cleanup';
import { row } from './report';
import type { Row } from './report';
import { measured, notMeasured } from './scenarios';
import type { Outcome } from './scenarios';
import { signIn, waitForFirstTab } from './sign-in';
import { median } from './stats';

/** Issue 27: a track kept offline, played after the browser was started with no network. */
export interface OfflinePlaybackFigures {
  /** Median, from the navigation's start to the kept track's `playing` event. */
  firstSoundMs: number;
  /** Median, from the navigation's start to the press on the track's Play button. */
  pressedMs: number;
  runs: number;
}

declare global {
  interface Window {
    /** When the page's first audio element started playing (`performance.now()`). */
    __benchFirstSound?: number;
  }
}

const WAIT_MS = 60_000;
const SECTION = 'Offline: a track kept offline (issue 27)';

/** Notes when the first audio element the page plays starts playing. */
function recordFirstSound() {
  const play = HTMLMediaElement.prototype.play;
  const seen = new WeakSet<HTMLMediaElement>();
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    if (!seen.has(this)) {
      seen.add(this);
      this.addEventListener('playing', () => {
        window.__benchFirstSound ??= performance.now();
      });
    }
    return play.call(this);
  };
}

const libraryTable = (page: Page) => page.getByRole('table', { name: 'Library' });

/**
 * Online: keeps the first track offline as the owner does (its row's "More actions", "Keep
 * offline", in Music), with the service worker in control and the Music tab visited, so it
 * is the tab the next start opens on and its code is in the worker's caches.
 */
async function keepOnline(context: BrowserContext, hostUrl: string, tracks: Track[]) {
  const [kept] = tracks;
  if (!kept) throw new Error('No track to keep.');
  const page = await context.newPage();
  try {
    await page.goto(hostUrl);
    await waitForFirstTab(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: WAIT_MS,
    });
    await replaceLibrary(page, tracks);
    await waitForFirstTab(page);
    await page.getByRole('tab', { name: 'Music' }).click();
    await libraryTable(page)
      .getByRole('button', { name: `More actions for ${kept.title}` })
      .click();
    await page.getByRole('menuitem', { name: 'Keep offline' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: `“${kept.title}” is kept offline.` })
      .waitFor();
  } finally {
    await page.close();
  }
}

/**
 * One cold start with no network: the worker stopped (as after the browser was closed), a
 * new page opens the site, and the kept track's Play is pressed as soon as its row shows.
 */
async function coldStart(context: BrowserContext, hostUrl: string, track: Track) {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await cdp.detach();
    await page.goto(hostUrl);
    // Pressed as an owner would, the moment the row shows: the page is asked every frame
    // (a locator's wait noticed the row up to 150 ms later), and the press goes straight to
    // the button's place on the screen.
    const at = await page.waitForFunction(
      (label) => {
        const button = [...document.querySelectorAll('table button')].find(
          (element) => element.getAttribute('aria-label') === label,
        );
        if (!button) return null;
        const box = button.getBoundingClientRect();
        return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      },
      `Play ${track.title}`,
      { polling: 'raf', timeout: WAIT_MS },
    );
    const { x, y } = (await at.jsonValue())!;
    const pressedMs = await page.evaluate(() => performance.now());
    await page.mouse.click(x, y);
    const firstSoundMs = await page
      .waitForFunction(() => window.__benchFirstSound, null, { timeout: WAIT_MS })
      .then((handle) => handle.jsonValue());
    if (firstSoundMs === undefined) throw new Error('The kept track never played.');
    return { pressedMs, firstSoundMs };
  } finally {
    await page.close();
  }
}

/**
 * From an offline cold start to the first sound of a kept track: a library of two tones
 * from another host that allows reading them (as Jamendo's), one kept; then `runs` times,
 * offline, a new page with the worker stopped, the Music tab, Play on the kept track.
 */
export async function measureOfflinePlayback(
  browser: Browser,
  hostUrl: string,
  options: { runs: number; cleanup: Cleanup; log(line: string): void },
): Promise<Outcome<OfflinePlaybackFigures>> {
  options.log(`  this build: ${options.runs} offline cold start(s) to a kept track's first sound`);
  const server = await serveAudio(
    { 'kept.wav': toneWav(30, 330), 'other.wav': toneWav(30, 392) },
    { cors: true },
  );
  options.cleanup.add('kept tone server', () => server.close());
  const tracks: Track[] = ['kept', 'other'].map((name) => ({
    title: `Bench ${name} tone`,
    author: 'loofi bench',
    audio: `${server.url}/${name}.wav`,
    image: '',
  }));
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'allow',
  });
  context.setDefaultTimeout(WAIT_MS);
  try {
    await context.addInitScript({ content: 'globalThis.__name ??= (target) => target;' });
    await context.addInitScript(recordFirstSound);
    await signIn(context, hostUrl);
    await keepOnline(context, hostUrl, tracks);
    await context.setOffline(true);
    const starts = [];
    for (let run = 0; run < options.runs; run += 1) {
      starts.push(await coldStart(context, hostUrl, tracks[0]!));
    }
    return measured({
      firstSoundMs: median(starts.map((start) => start.firstSoundMs)) ?? 0,
      pressedMs: median(starts.map((start) => start.pressedMs)) ?? 0,
      runs: starts.length,
    });
  } catch (error) {
    return notMeasured(`failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await context.close();
    await server.close();
  }
}

/** The figure's row, after the other playback rows. */
export function offlinePlaybackRows(outcome: Outcome<OfflinePlaybackFigures>): Row[] {
  return [
    row({
      section: SECTION,
      figure: 'offline cold start to the first sound of a kept track',
      unit: 'ms',
      value: outcome.ok ? measured(outcome.value.firstSoundMs) : outcome,
      detail: outcome.ok
        ? `Play pressed at ${Math.round(outcome.value.pressedMs)} ms (as soon as its row showed), sound ${Math.round(outcome.value.firstSoundMs - outcome.value.pressedMs)} ms later; median of ${outcome.value.runs}`
        : '',
      budget: BUDGETS.offlineFirstSoundMs,
    }),
  ];
}
