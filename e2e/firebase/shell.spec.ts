import { watchPolicyViolations } from '../support/fixtures';
import { holdAppScript } from '../support/hold-app-script';
import { expect, openDashboard, test } from './site';

const OFFLINE = 'You are offline. Some functionality may be unavailable.';

test('the offline message shows while the database reports disconnection, and goes when it is back', async ({
  page,
  site,
}) => {
  await openDashboard(page);
  // The library has arrived: the database connection is up.
  await page.getByRole('tab', { name: 'Music' }).click();
  await expect(page.getByRole('row').filter({ hasText: site.tracks[0].title })).toBeVisible();
  const offline = page.getByText(OFFLINE);
  await expect(offline).toBeHidden();

  // The browser still has its network; only the database drops every client.
  await site.emulators.stopDatabase();
  await expect(offline).toBeVisible({ timeout: 10_000 });
  await site.emulators.startDatabase();
  // The SDK reconnects on its own, backing off for a few seconds at most.
  await expect(offline).toBeHidden({ timeout: 20_000 });
});

test.describe('an unhandled error', () => {
  test.use({ expectedPageErrors: /e2e: thrown on purpose/ });

  test("is written to Firestore's logs collection once, however often it is thrown", async ({
    page,
    site,
  }) => {
    await openDashboard(page);
    // Thrown three times from one place, then once from another place: the second error
    // is written after the first, so once it is there, every write of the first has landed.
    await page.evaluate(() => {
      const fail = () => {
        throw new Error('e2e: thrown on purpose');
      };
      Object.assign(window, { e2eFail: fail });
      for (let index = 0; index < 3; index += 1) setTimeout(fail);
      setTimeout(() => {
        throw new Error('e2e: thrown on purpose, later');
      });
    });
    const logged = async (message: string) =>
      (await site.emulators.listDocuments('logs')).filter((entry) =>
        String(entry.data.message).endsWith(message),
      );
    await expect
      .poll(async () => (await logged('on purpose, later')).length, { timeout: 10_000 })
      .toBe(1);
    const entries = await logged('on purpose');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.data).toEqual({
      message: expect.stringContaining('e2e: thrown on purpose'),
      url: expect.stringContaining(site.host.url),
      location: { line: expect.any(Number), column: expect.any(Number) },
      error: expect.stringContaining('e2e: thrown on purpose'),
    });
    expect((entries[0]!.data.location as { line: number }).line).toBeGreaterThan(0);

    // Thrown again from the same place a while later, it is still one entry: a third error
    // written after it shows that nothing more is on its way.
    await page.evaluate(() => {
      setTimeout((window as unknown as { e2eFail: () => void }).e2eFail);
      setTimeout(() => {
        throw new Error('e2e: thrown on purpose, last');
      });
    });
    await expect
      .poll(async () => (await logged('on purpose, last')).length, { timeout: 10_000 })
      .toBe(1);
    expect(await logged('on purpose')).toHaveLength(1);
  });
});

test('a walk through every tab, playing and adding, logs no console error and no policy violation', async ({
  page,
  consoleMessages,
  site,
}) => {
  const violations = await watchPolicyViolations(page);
  const response = await page.goto('/auth');
  // The same policy as the local build: Trusted Types enforced with the one policy (the
  // emulated build loads no Google helper, so it has no default policy).
  expect(response!.headers()['content-security-policy']).toContain(
    "require-trusted-types-for 'script'; trusted-types loofi;",
  );
  await openDashboard(page);
  await page.getByRole('tab', { name: 'Music' }).click();
  const [rain] = site.tracks;
  const row = page.getByRole('row').filter({ hasText: rain.title });
  await row.getByRole('button', { name: `Play ${rain.title}` }).click();
  await expect(row.getByRole('button', { name: `Pause ${rain.title}` })).toBeVisible();
  await page.getByRole('button', { name: 'Add Music' }).click();
  const add = page.getByRole('dialog', { name: 'Add Music' });
  await add.getByRole('tab', { name: 'Web Scraping' }).click();
  await add.getByRole('button', { name: 'Cancel' }).click();
  await expect(add).toBeHidden();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Themes' }).click();
  await page.getByRole('button', { name: 'Forest' }).click();
  await page.getByRole('tab', { name: 'About' }).click();
  await expect(page.getByRole('region', { name: 'About' })).toContainText('loofi 1.0.0-beta');
  await page.getByRole('tab', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { name: /^Good/ })).toBeVisible();
  expect(consoleMessages.filter((message) => message.startsWith('error'))).toEqual([]);
  expect(await violations()).toEqual([]);
});

test('a returning owner sees the shell loading before the app has arrived, then the library they left', async ({
  page,
  site,
}) => {
  await openDashboard(page);
  await page.getByRole('tab', { name: 'Music' }).click();
  const row = page.getByRole('row').filter({ hasText: site.tracks[0].title });
  await expect(row).toBeVisible();

  const release = await holdAppScript(page);
  await page.reload({ waitUntil: 'commit' });
  // Nothing of the owner's before the app runs: the shell's frame, loading, its tabs disabled.
  const loading = page.getByRole('progressbar', { name: 'Loading loofi' });
  await expect(loading).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Music' })).toBeDisabled();
  await expect(page.getByText(site.tracks[0].title)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeHidden();
  await release();
  await expect(row).toBeVisible();
  await expect(loading).toHaveCount(0);
});
