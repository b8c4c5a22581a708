import type { Locator, Page } from '@playwright/test';
import { followDatabase } from '../support/firebase-emulated';
import { expect, openDashboard, test } from './site';

/** Where the Firebase backend keeps the owner's focus session (loofi-focus/{uid}). */
const FOCUS_PATH = 'loofi-focus';
/** Another device shows the session this soon after its dashboard appears … */
const WITHIN_MS = 5_000;
/** … with the time left this close to what the first device showed, in seconds. */
const SAME_TIME_S = 2;

const card = (page: Page) => page.getByRole('region', { name: 'Focus' });
const barTimer = (page: Page) => page.getByRole('region', { name: 'Player' }).getByRole('timer');

interface Shown {
  phase: string;
  seconds: number;
  /** When it was read, by the test's clock. */
  at: number;
}

/** What a timer shows ("Focus 24:58"): its phase and the seconds left, or null for none. */
async function shown(timer: Locator): Promise<Shown | null> {
  const at = Date.now();
  if (!(await timer.isVisible())) return null;
  const match = /^(\w+) (\d+):(\d\d)$/.exec(((await timer.textContent()) ?? '').trim());
  return match ? { phase: match[1]!, seconds: Number(match[2]) * 60 + Number(match[3]), at } : null;
}

/**
 * Within 5 s, the page's bar shows the phase another device showed, and its time left
 * within 2 s: counted down since, while it runs, or the same, while paused.
 */
async function expectSameTimer(page: Page, before: Shown, { running }: { running: boolean }) {
  await expect
    .poll(
      async () => {
        const now = await shown(barTimer(page));
        if (now === null || now.phase !== before.phase) return false;
        const expected = running ? before.seconds - (now.at - before.at) / 1000 : before.seconds;
        return Math.abs(now.seconds - expected) <= SAME_TIME_S;
      },
      { timeout: WITHIN_MS },
    )
    .toBe(true);
}

test("the owner's focus session follows them from device to device: started, paused, stopped", async ({
  page,
  browser,
  baseURL,
  site,
}) => {
  test.setTimeout(120_000);
  // A sign-in on one device signs the other out (SPEC §3): the owner moves between them.
  const laptop = followDatabase(page, FOCUS_PATH);
  await openDashboard(page);
  await card(page).getByRole('button', { name: '25 / 5 minutes' }).click();
  await card(page).getByRole('button', { name: 'Start focus' }).click();
  await expect(barTimer(page)).toHaveText(/^Focus 2[45]:\d\d$/);
  const started = (await shown(barTimer(page)))!;

  const context = await browser.newContext({ serviceWorkers: 'block', baseURL: baseURL! });
  try {
    const phone = await context.newPage();
    const errors: Error[] = [];
    phone.on('pageerror', (error) => errors.push(error));
    const phoneTraffic = followDatabase(phone, FOCUS_PATH);

    // The phone, which never ran a session, shows the running one, counting down.
    await openDashboard(phone);
    await expectSameTimer(phone, started, { running: true });
    await expect(card(phone)).toContainText('Focus · Block 1');

    // Paused on the phone: the laptop, signed in again, shows it paused at that time left.
    await card(phone).getByRole('button', { name: 'Pause focus' }).click();
    await expect(card(phone).getByRole('button', { name: 'Resume focus' })).toBeVisible();
    const paused = (await shown(barTimer(phone)))!;
    await openDashboard(page);
    await expectSameTimer(page, paused, { running: false });
    await expect(card(page)).toContainText('Paused');

    // Stopped on the laptop: the phone's own paused session, kept in its storage, gives way.
    await card(page).getByRole('button', { name: 'Stop focus' }).click();
    await expect(card(page).getByRole('button', { name: 'Start focus' })).toBeVisible();
    const heardBefore = phoneTraffic.received.length;
    await openDashboard(phone);
    const appeared = Date.now();
    await expect(card(phone).getByRole('button', { name: 'Start focus' })).toBeVisible({
      timeout: WITHIN_MS,
    });
    // It did read the stop, and through the time a session would have taken to show, none did.
    await expect
      .poll(() =>
        phoneTraffic.received
          .slice(heardBefore)
          .some(
            ({ value }) => typeof value === 'object' && value !== null && !('session' in value),
          ),
      )
      .toBe(true);
    await expect(async () => {
      await expect(barTimer(phone)).toBeHidden({ timeout: 0 });
      expect(Date.now() - appeared).toBeGreaterThanOrEqual(WITHIN_MS);
    }).toPass({ timeout: WITHIN_MS * 2 });

    // Each change was written once, by the device it was made on, and the rules took each.
    expect(laptop.refused).toEqual([]);
    expect(phoneTraffic.refused).toEqual([]);
    expect(laptop.accepted.map(({ value }) => value)).toEqual([
      { at: expect.any(Number), session: expect.objectContaining({ endsAt: expect.any(Number) }) },
      { at: expect.any(Number) },
    ]);
    expect(phoneTraffic.accepted.map(({ value }) => value)).toEqual([
      { at: expect.any(Number), session: expect.objectContaining({ leftMs: expect.any(Number) }) },
    ]);
    // What the backend keeps is the stop, for whichever device the owner opens next.
    expect(Object.values((await site.emulators.databaseValue(FOCUS_PATH)) as object)).toEqual([
      { at: expect.any(Number) },
    ]);
    expect(errors.map((error) => error.message)).toEqual([]);
  } finally {
    await context.close();
  }
});
