import type { Page } from '@playwright/test';
import type { Track } from '@loofi/contracts';
import { replaceLibrary, toneWav } from './support/audio-fixtures';
import { expect, GREETING, openDashboard, test } from './support/fixtures';
import { openMusicTab } from './support/music-page';
import { serveUnsteadily } from './support/unsteady-host';
import type { UnsteadyHost } from './support/unsteady-host';

/** 16-bit mono at 8 kHz: 16,000 bytes a second of tone. */
const BYTES_PER_SECOND = 16_000;

let host: UnsteadyHost;
const track = (title: string, file: string): Track => ({
  title,
  author: 'The Test Tones',
  audio: `${host.url}/${file}`,
  image: '',
});

test.beforeEach(async () => {
  host = await serveUnsteadily({
    'steady.wav': toneWav(40, 330),
    'unsteady.wav': toneWav(40, 262),
  });
});
test.afterEach(async () => {
  await host.close();
});

const bar = (page: Page) => page.getByRole('region', { name: 'Player' });
const title = (page: Page) => bar(page).getByTestId('player-title');
const buffering = (page: Page) => bar(page).getByRole('progressbar', { name: 'Buffering' });
const seekValue = async (page: Page) =>
  Number(await bar(page).getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuenow'));

async function play(page: Page, tracks: readonly Track[], which: Track) {
  await page.addInitScript(() => {
    localStorage.setItem('preferences-session', JSON.stringify({ resume: true, autoPlay: true }));
  });
  await openDashboard(page);
  await replaceLibrary(page, tracks);
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
  const music = await openMusicTab(page);
  await music.table.getByRole('button', { name: `Play ${which.title}` }).click();
}

test('a host that never answers shows "Buffering", then its track is left, by name, for the next', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const hung = track('Never Answers', 'unsteady.wav');
  const steady = track('Always There', 'steady.wav');
  host.behave('unsteady.wav', 'hang');
  await play(page, [hung, steady], hung);

  await expect(title(page)).toHaveText(hung.title);
  await expect(buffering(page)).toBeVisible();
  await expect(bar(page).getByRole('button', { name: 'Pause', exact: true })).toBeVisible();

  // No audio for 15 s: the next track plays, and the owner is told which one was left.
  await expect(page.getByRole('alert')).toContainText(
    `'${hung.title}' could not be loaded: skipped.`,
    { timeout: 20_000 },
  );
  await expect(title(page)).toHaveText(steady.title);
  await expect(buffering(page)).toBeHidden();
  await expect.poll(() => seekValue(page)).toBeGreaterThanOrEqual(1);
});

test('a host that drops mid-track, then answers 503 for a while, is ridden out: the track plays on where it stopped', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const unsteady = track('Flaky Wi-Fi', 'unsteady.wav');
  const steady = track('Always There', 'steady.wav');
  // Twenty seconds of audio arrive, then the connection drops and the host answers 503.
  host.behave('unsteady.wav', {
    bytesPerSecond: 40 * BYTES_PER_SECOND,
    dropAfterBytes: 44 + 20 * BYTES_PER_SECOND,
  });
  await play(page, [unsteady, steady], unsteady);

  await expect(title(page)).toHaveText(unsteady.title);
  await expect.poll(() => seekValue(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
  // It plays on until the browser finds the host gone, then waits there.
  await expect(buffering(page)).toBeVisible({ timeout: 20_000 });
  const stoppedAt = await seekValue(page);
  expect(stoppedAt).toBeGreaterThanOrEqual(2);

  // The host answers 503 to a few tries, then is back (well within 15 s): the same track
  // plays on from where it stopped.
  await expect.poll(() => host.refusals('unsteady.wav')).toBeGreaterThanOrEqual(3);
  host.behave('unsteady.wav', 'serve');
  await expect(buffering(page)).toBeHidden({ timeout: 15_000 });
  await expect(title(page)).toHaveText(unsteady.title);
  const resumedAt = await seekValue(page);
  expect(resumedAt).toBeGreaterThanOrEqual(stoppedAt - 1);
  expect(resumedAt).toBeLessThanOrEqual(stoppedAt + 2);
  // It goes on playing (a reload from the position may wait for data once more on a busy
  // machine: seconds, never the 15 s that would leave the track).
  await expect.poll(() => seekValue(page), { timeout: 15_000 }).toBeGreaterThan(stoppedAt + 1);
  await expect(page.getByRole('alert')).toBeHidden();
});
