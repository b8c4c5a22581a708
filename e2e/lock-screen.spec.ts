import type { Page } from '@playwright/test';
import type { Track } from '@loofi/contracts';
import { replaceLibrary, serveTwoTones } from './support/audio-fixtures';
import type { AudioServer } from './support/audio-fixtures';
import { expect, GREETING, openDashboard, test } from './support/fixtures';

let audio: AudioServer;
let tracks: Track[];

test.beforeAll(async () => {
  ({ audio, tracks } = await serveTwoTones());
});

test.afterAll(async () => {
  await audio.close();
});

const bar = (page: Page) => page.getByRole('region', { name: 'Player' });
const seek = (page: Page) => bar(page).getByRole('slider', { name: 'Seek' });
const seekValue = async (page: Page) => Number(await seek(page).getAttribute('aria-valuenow'));

type Told = { duration?: number; position?: number; playbackRate?: number } | null;

/** Every position the page gives the system's media controls, from before its first script. */
async function spyOnPositionState(page: Page): Promise<() => Promise<Told[]>> {
  await page.addInitScript(() => {
    const told: unknown[] = [];
    Object.defineProperty(window, '__positionStates', { value: told });
    const original = MediaSession.prototype.setPositionState;
    MediaSession.prototype.setPositionState = function (state?: MediaPositionState) {
      told.push(state ? { ...state } : null);
      return original.call(this, state);
    };
  });
  return () =>
    page.evaluate(() => (window as unknown as { __positionStates: Told[] }).__positionStates);
}

async function dashboardWithTones(page: Page) {
  await openDashboard(page);
  await replaceLibrary(page, tracks);
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
}

test("the lock screen's scrubber follows play, seek and pause", async ({ page }) => {
  const told = await spyOnPositionState(page);
  await dashboardWithTones(page);
  await bar(page).getByRole('button', { name: 'Play', exact: true }).click();
  await expect(bar(page).getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect
    .poll(async () => (await told()).at(-1))
    .toMatchObject({ duration: 60, playbackRate: 1 });

  await expect(seek(page)).toBeEnabled();
  await seek(page).focus();
  await page.keyboard.press('Home');
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('PageUp');
  await expect.poll(async () => (await told()).at(-1)?.position ?? 0).toBeGreaterThanOrEqual(29);

  const before = (await told()).length;
  await bar(page).getByRole('button', { name: 'Pause' }).click();
  await expect(bar(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect.poll(async () => (await told()).length).toBeGreaterThan(before);
  const paused = await seekValue(page);
  expect(Math.abs(((await told()).at(-1)?.position ?? 0) - paused)).toBeLessThanOrEqual(1);
  await expect.poll(() => page.evaluate(() => navigator.mediaSession.playbackState)).toBe('paused');

  // Never a length the system cannot show.
  for (const state of await told()) {
    if (state === null) continue;
    expect(Number.isFinite(state.duration) && state.duration! > 0).toBe(true);
  }
});

test('paused music stays paused when a frozen page is resumed', async ({ page }) => {
  await dashboardWithTones(page);
  await bar(page).getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => seekValue(page)).toBeGreaterThanOrEqual(2);
  await bar(page).getByRole('button', { name: 'Pause' }).click();
  await expect(bar(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  const paused = await seekValue(page);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setWebLifecycleState', { state: 'frozen' });
  await cdp.send('Page.setWebLifecycleState', { state: 'active' });
  // The page runs again: it answers, and its player is as it was.
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  await expect(bar(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe('paused');
  expect(await seekValue(page)).toBe(paused);
});
