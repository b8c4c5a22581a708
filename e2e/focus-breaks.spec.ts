import type { Page } from '@playwright/test';
import type { Track } from '@loofi/contracts';
import {
  measuredThenBackToTheStart,
  replaceLibrary,
  serveAudio,
  toneWav,
} from './support/audio-fixtures';
import type { AudioServer } from './support/audio-fixtures';
import { expect, GREETING, openDashboard, test } from './support/fixtures';

declare global {
  interface Window {
    /** The page's audio elements, as the test records them (the player keeps them off the DOM). */
    __elements?: Set<HTMLMediaElement>;
    /** An analyser on each node the page connects to the speakers, in the order connected. */
    __probes?: AnalyserNode[];
  }
}

let plainHost: AudioServer;
let readableHost: AudioServer;
let plain: Track;
let quiet: Track;

test.beforeAll(async () => {
  // A host that sends no CORS headers: the track plays on a plain element.
  plainHost = await serveAudio({ 'long.wav': toneWav(120, 392) });
  // A host that lets the page read its audio, with a track mastered far too quietly, which
  // 'Normalise volume' turns up through Web Audio.
  readableHost = await serveAudio({ 'quiet.wav': toneWav(120, 440, 8000, 0.02) }, { cors: true });
  plain = {
    title: 'Long Tone',
    author: 'The Test Tones',
    audio: `${plainHost.url}/long.wav`,
    image: '',
  };
  quiet = {
    title: 'Quiet Tone',
    author: 'The Test Tones',
    audio: `${readableHost.url}/quiet.wav`,
    image: '',
  };
});

test.afterAll(async () => {
  await plainHost.close();
  await readableHost.close();
});

const bar = (page: Page) => page.getByRole('region', { name: 'Player' });
const card = (page: Page) => page.getByRole('region', { name: 'Focus' });

/** Records the audio elements the page plays, and probes each node it sends to the speakers. */
async function listen(page: Page) {
  await page.addInitScript(() => {
    const elements = new Set<HTMLMediaElement>();
    const probes: AnalyserNode[] = [];
    window.__elements = elements;
    window.__probes = probes;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      elements.add(this);
      return play.call(this);
    };
    // What a node sends to the speakers reaches its probe too: the music and the chime share
    // the page's AudioContext, each through nodes of its own.
    const connect = AudioNode.prototype.connect as (this: AudioNode, ...args: unknown[]) => unknown;
    const probed = new WeakMap<AudioNode, AnalyserNode>();
    AudioNode.prototype.connect = function (this: AudioNode, ...args: unknown[]) {
      const [destination] = args;
      if (destination instanceof AudioDestinationNode) {
        let probe = probed.get(this);
        if (!probe) {
          probe = this.context.createAnalyser();
          probe.fftSize = 2048;
          probed.set(this, probe);
          probes.push(probe);
        }
        connect.call(this, probe);
      }
      return connect.apply(this, args);
    } as typeof AudioNode.prototype.connect;
  });
}

async function dashboardWith(page: Page, track: Track, preferences: object) {
  await page.addInitScript((value) => {
    localStorage.setItem('playback-preferences', JSON.stringify(value));
  }, preferences);
  await openDashboard(page);
  await replaceLibrary(page, [track]);
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
}

/** Plays `track` until it has played a few seconds (past the wait of its start-up). */
async function play(page: Page, track: Track) {
  await bar(page).getByRole('button', { name: 'Play', exact: true }).click();
  await expect(bar(page).getByTestId('player-title')).toHaveText(track.title);
  await expect(bar(page).getByRole('button', { name: 'Pause' })).toBeVisible();
  const seek = bar(page).getByRole('slider', { name: 'Seek' });
  await expect
    .poll(async () => Number(await seek.getAttribute('aria-valuenow')), { timeout: 10_000 })
    .toBeGreaterThanOrEqual(3);
}

async function startFocus(page: Page) {
  await card(page).getByRole('button', { name: '25 / 5 minutes' }).click();
  await card(page).getByRole('button', { name: 'Start focus' }).click();
  await expect(bar(page).getByRole('timer')).toHaveText(/^Focus 2\d:\d\d$/);
}

/** The volume of the element playing `track`, or null while none plays it. */
const elementVolume = (page: Page, track: Track) =>
  page.evaluate(
    (audio) =>
      [...(window.__elements ?? [])].find(
        (element) => element.currentSrc === audio && !element.paused,
      )?.volume ?? null,
    track.audio,
  );

/** The level the first node sent to the speakers (the music's) sends now, in dBFS (RMS). */
const graphLevel = (page: Page) =>
  page.evaluate(() => {
    const probe = window.__probes?.[0];
    if (!probe) return -Infinity;
    const samples = new Float32Array(probe.fftSize);
    probe.getFloatTimeDomainData(samples);
    const power = samples.reduce((sum, sample) => sum + sample * sample, 0) / samples.length;
    return 10 * Math.log10(power);
  });

/** How many nodes the page has sent to the speakers so far. */
const outputsSoFar = (page: Page) => page.evaluate(() => window.__probes?.length ?? 0);

/** The loudest the nodes sent to the speakers after the first `since` send now, in dBFS (peak). */
const laterOutputsPeak = (page: Page, since: number) =>
  page.evaluate((since) => {
    let peak = 0;
    for (const probe of (window.__probes ?? []).slice(since)) {
      const samples = new Float32Array(probe.fftSize);
      probe.getFloatTimeDomainData(samples);
      for (const sample of samples) peak = Math.max(peak, Math.abs(sample));
    }
    return 20 * Math.log10(peak);
  }, since);

test('a break lowers a track on a plain element 12 dB, still playing, and focus brings it back', async ({
  page,
}) => {
  await listen(page);
  await page.clock.install();
  await dashboardWith(page, plain, { crossfade: 0, normalize: false });
  await play(page, plain);
  await expect.poll(() => elementVolume(page, plain)).not.toBeNull();
  const full = (await elementVolume(page, plain))!;
  await startFocus(page);

  await page.clock.fastForward('25:00');
  await expect(bar(page).getByRole('timer')).toHaveText(/^Break 0\d:\d\d$/);
  await expect(card(page)).toContainText('Break · Block 1');
  // −12 dB over 2 s: a quarter of the volume, the track still playing.
  await expect.poll(async () => (await elementVolume(page, plain))! / full).toBeLessThan(0.26);
  expect((await elementVolume(page, plain))! / full).toBeGreaterThan(0.24);
  await expect(bar(page).getByRole('button', { name: 'Pause' })).toBeVisible();

  await page.clock.fastForward('05:00');
  await expect(bar(page).getByRole('timer')).toHaveText(/^Focus 2\d:\d\d$/);
  await expect.poll(async () => (await elementVolume(page, plain))! / full).toBeGreaterThan(0.99);
  await expect(bar(page).getByRole('button', { name: 'Pause' })).toBeVisible();
});

test('a break lowers a track played through Web Audio 12 dB as the speakers hear it, with a soft chime', async ({
  page,
}) => {
  await listen(page);
  await page.clock.install();
  await dashboardWith(page, quiet, { crossfade: 0, normalize: true });
  // Measured on its first play, it is turned up from its next start.
  await play(page, quiet);
  await measuredThenBackToTheStart(page);
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
  await play(page, quiet);
  // Measured (its host allows it), it plays on the element routed through Web Audio.
  await expect
    .poll(
      () =>
        page.evaluate(
          (audio) =>
            [...(window.__elements ?? [])].some(
              (element) =>
                element.currentSrc === audio && !element.paused && element.crossOrigin !== null,
            ),
          quiet.audio,
        ),
      { timeout: 10_000 },
    )
    .toBe(true);
  await expect.poll(() => graphLevel(page)).toBeGreaterThan(-40);
  const full = await graphLevel(page);
  await startFocus(page);
  const before = await outputsSoFar(page);

  await page.clock.fastForward('25:00');
  await expect(bar(page).getByRole('timer')).toHaveText(/^Break 0\d:\d\d$/);
  // The phase change's chime, through a node of its own sent to the speakers since.
  await expect
    .poll(() => laterOutputsPeak(page, before), { intervals: [50], timeout: 3_000 })
    .toBeGreaterThan(-60);
  await expect.poll(async () => full - (await graphLevel(page))).toBeGreaterThan(11);
  expect(full - (await graphLevel(page))).toBeLessThan(13);
  await expect(bar(page).getByRole('button', { name: 'Pause' })).toBeVisible();

  await page.clock.fastForward('05:00');
  await expect(bar(page).getByRole('timer')).toHaveText(/^Focus 2\d:\d\d$/);
  await expect.poll(async () => Math.abs(full - (await graphLevel(page)))).toBeLessThan(1);
});

test("'Pause the music' pauses it for the break and plays it again at the next block", async ({
  page,
}) => {
  await page.clock.install();
  await dashboardWith(page, plain, { crossfade: 0, normalize: false });
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page
    .getByRole('radiogroup', { name: 'During breaks' })
    .getByRole('radio', { name: 'Pause the music' })
    .click();
  await page.getByRole('tab', { name: 'Home' }).click();
  await play(page, plain);
  await startFocus(page);

  await page.clock.fastForward('25:00');
  await expect(bar(page).getByRole('timer')).toHaveText(/^Break 0\d:\d\d$/);
  await expect(bar(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();

  await page.clock.fastForward('05:00');
  await expect(bar(page).getByRole('timer')).toHaveText(/^Focus 2\d:\d\d$/);
  await expect(bar(page).getByRole('button', { name: 'Pause' })).toBeVisible();
  const seek = bar(page).getByRole('slider', { name: 'Seek' });
  const at = Number(await seek.getAttribute('aria-valuenow'));
  await expect
    .poll(async () => Number(await seek.getAttribute('aria-valuenow')))
    .toBeGreaterThan(at);
});
