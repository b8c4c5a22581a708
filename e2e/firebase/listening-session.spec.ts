import type { Browser, Page } from '@playwright/test';
import type { Track } from '@loofi/contracts';
import { followDatabase } from '../support/firebase-emulated';
import type { DatabaseTraffic } from '../support/firebase-emulated';
import { musicTab } from '../support/music-page';
import { expect, GREETING, openDashboard, signIn, test } from './site';

/** Where the Firebase backend keeps the owner's listening session (loofi-listening/{uid}). */
const SESSION_PATH = 'loofi-listening';
/** 'Continue where you left off' shows the other device's session this soon. */
const WITHIN_MS = 2_000;

const bar = (page: Page) => page.getByRole('region', { name: 'Player' });
const title = (page: Page) => bar(page).getByTestId('player-title');
const seek = (page: Page) => bar(page).getByRole('slider', { name: 'Seek' });
const seekValue = async (page: Page) => Number(await seek(page).getAttribute('aria-valuenow'));

test.describe("the owner's listening session on the Firebase emulators", () => {
  let rain: Track;
  let snow: Track;

  test.beforeEach(({ site }) => {
    [rain, snow] = site.tracks;
  });

  /** Another device of the owner: a browser profile of its own, nothing stored yet. */
  async function freshDevice(browser: Browser, baseURL: string) {
    const context = await browser.newContext({ serviceWorkers: 'block', baseURL });
    const page = await context.newPage();
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    return { context, page, errors, session: followDatabase(page, SESSION_PATH) };
  }

  /** Plays a track on the page, moves to about 30 s and pauses; where it paused, as the bar says. */
  async function listenUntilThirtySeconds(page: Page, traffic: DatabaseTraffic) {
    // The library has arrived from the database: Play has tracks to play.
    const music = musicTab(page);
    await page.getByRole('tab', { name: 'Music' }).click();
    await expect(music.row(rain.title)).toBeVisible({ timeout: 10_000 });
    await expect(music.row(snow.title)).toBeVisible();
    await bar(page).getByRole('button', { name: 'Play', exact: true }).click();
    await expect(bar(page).getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect(seek(page)).toBeEnabled();
    await seek(page).focus();
    await page.keyboard.press('Home');
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('PageUp');
    await bar(page).getByRole('button', { name: 'Pause' }).click();
    await expect(bar(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    const position = await seekValue(page);
    expect(position).toBeGreaterThanOrEqual(29);
    expect(position).toBeLessThanOrEqual(32);
    const played = (await title(page).textContent()) ?? '';
    // The emulator took the paused session: this track, where it paused (the bar shows the
    // whole seconds of that position).
    await expect
      .poll(() => {
        const last = traffic.accepted.at(-1)?.value as
          { track?: Track; position?: number } | undefined;
        return last && { title: last.track?.title, second: Math.floor(last.position ?? -1) };
      })
      .toEqual({ title: played, second: position });
    expect(traffic.refused).toEqual([]);
    return { played, position };
  }

  test('a second device signing in shows the track where the first paused, paused, within 2 s', async ({
    page,
    browser,
    baseURL,
  }) => {
    const first = followDatabase(page, SESSION_PATH);
    await openDashboard(page);
    const { played, position } = await listenUntilThirtySeconds(page, first);

    const second = await freshDevice(browser, baseURL!);
    try {
      await openDashboard(second.page);
      await expect(title(second.page)).toHaveText(played, { timeout: WITHIN_MS });
      await expect(bar(second.page).getByRole('button', { name: 'Play', exact: true })).toBeVisible(
        {
          timeout: WITHIN_MS,
        },
      );
      await expect
        .poll(() => seekValue(second.page), { timeout: WITHIN_MS })
        .toBeGreaterThanOrEqual(position - 1);
      expect(await seekValue(second.page)).toBeLessThanOrEqual(position + 1);

      // Play goes on from there on the second device.
      await bar(second.page).getByRole('button', { name: 'Play', exact: true }).click();
      await expect(bar(second.page).getByRole('button', { name: 'Pause' })).toBeVisible();
      await expect.poll(() => seekValue(second.page)).toBeGreaterThan(position + 0.5);
      expect(second.errors.map((error) => error.message)).toEqual([]);
    } finally {
      await second.context.close();
    }
  });

  test('a device whose own session is newer than the stored one keeps its own', async ({
    page,
    browser,
    baseURL,
  }) => {
    const first = followDatabase(page, SESSION_PATH);
    await openDashboard(page);
    const { played } = await listenUntilThirtySeconds(page, first);
    const stored = played === rain.title ? rain : snow;
    const own = played === rain.title ? snow : rain;

    // The second device listened to another track after that (offline, say): its own
    // session, at 12 s, is the newer one.
    const second = await freshDevice(browser, baseURL!);
    try {
      await second.page.goto('/auth');
      await second.page.evaluate(
        ({ track, at }) => {
          localStorage.setItem('music-session', JSON.stringify(track));
          localStorage.setItem(
            'music-session-position',
            JSON.stringify({ audio: track.audio, position: 12 }),
          );
          localStorage.setItem('music-session-at', String(at));
        },
        { track: own, at: Date.now() },
      );
      await signIn(second.page);
      await expect(second.page.getByRole('heading', { name: GREETING })).toBeVisible({
        timeout: 15_000,
      });
      const appeared = Date.now();
      await expect(title(second.page)).toHaveText(own.title);

      // The page did read the stored session (the first device's track) …
      await expect
        .poll(() => JSON.stringify(second.session.received.map((entry) => entry.value)), {
          timeout: WITHIN_MS,
        })
        .toContain(stored.audio);
      // … and through the whole time the other device's session would have taken to show,
      // it kept its own track, paused where it was.
      await expect(async () => {
        await expect(title(second.page)).toHaveText(own.title, { timeout: 0 });
        expect(Date.now() - appeared).toBeGreaterThanOrEqual(WITHIN_MS);
      }).toPass({ timeout: WITHIN_MS * 2 });
      await expect(
        bar(second.page).getByRole('button', { name: 'Play', exact: true }),
      ).toBeVisible();
      await expect.poll(() => seekValue(second.page)).toBeCloseTo(12, 0);
      expect(second.errors.map((error) => error.message)).toEqual([]);
    } finally {
      await second.context.close();
    }
  });
});
