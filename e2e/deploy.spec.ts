import type { Page } from '@playwright/test';
import { serveApp } from '@loofi/tooling/serve';
import { REMOTE_IDS } from '@loofi/contracts/apps';
import { APP_URLS } from './support/apps';
import { expect, GREETING, openDashboard, pointRemotes, signIn, test } from './support/fixtures';
import {
  expectRedeployPickedUp,
  ReceivedScripts,
  settingsWithNextRelease,
} from './support/redeploy';
import {
  HOME_OF_CONTRACT_2,
  HOST_OF_CONTRACT_1_1,
  HOST_OF_CONTRACT_1_7,
} from './support/suite-builds';
import { buildOf } from './support/variant-build';

/** Records every Content-Security-Policy violation the page reports. */
async function watchPolicyViolations(page: Page) {
  await page.addInitScript(() => {
    const violations: string[] = [];
    Object.assign(window, { __policyViolations: violations });
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return () =>
    page.evaluate(() => (window as unknown as { __policyViolations: string[] }).__policyViolations);
}

test('a full walk breaks no security policy and logs no console error', async ({
  page,
  consoleMessages,
}) => {
  const violations = await watchPolicyViolations(page);
  await openDashboard(page);
  const player = page.getByRole('region', { name: 'Player' });
  await player.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
  for (const tab of ['Music', 'Settings', 'Home']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  }
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
  await player.getByRole('button', { name: 'Pause' }).click();
  expect(await violations()).toEqual([]);
  expect(consoleMessages.filter((message) => message.startsWith('error'))).toEqual([]);
});

test('every app answers with the security, cache and CORS headers', async ({ request }) => {
  const host = await request.get(`${APP_URLS.host}/auth`);
  const csp = host.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src 'self' [^;]*$|script-src 'self'[^;]*;/);
  expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
  expect(host.headers()).toMatchObject({
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cache-control': 'no-cache',
  });
  expect(host.headers()['permissions-policy']).toContain('camera=()');

  for (const remote of REMOTE_IDS.map((tab) => APP_URLS[tab])) {
    const manifest = await request.get(`${remote}/mf-manifest.json`, {
      headers: { origin: APP_URLS.host },
    });
    expect(manifest.headers()).toMatchObject({
      'access-control-allow-origin': APP_URLS.host,
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    const entry = await request.get(`${remote}/remoteEntry.js`);
    expect(entry.headers()['cache-control']).toBe('no-cache');
    const stranger = await request.get(`${remote}/mf-manifest.json`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(stranger.headers()['access-control-allow-origin']).toBeUndefined();
  }
});

test('a remote redeployed at the same address is used on the next load', async ({
  page,
  serveRemote,
}) => {
  const settings = await settingsWithNextRelease(serveRemote);
  try {
    await pointRemotes(page, { settings: settings.url });
    const received = new ReceivedScripts(page);
    await openDashboard(page);
    await expectRedeployPickedUp(page, settings, received);
  } finally {
    await settings.close();
  }
});

test('a remote built against another contract major gets a fallback naming both versions', async ({
  page,
  serveRemote,
}) => {
  const home = await serveRemote('home', { root: await buildOf(HOME_OF_CONTRACT_2) });
  await pointRemotes(page, { home: home.url });
  await page.goto('/auth');
  await signIn(page);
  const fallback = page.getByRole('alert');
  await expect(fallback).toContainText('The Home tab could not be loaded.');
  await expect(fallback).toContainText('contract version 2');
  await expect(fallback).toContainText('speaks contract version 1');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'About' }).click();
  await expect(page.getByRole('region', { name: 'About' })).toContainText('1.0.0-beta');
});

test('a host of a newer contract minor composes with the remotes of the previous release', async ({
  page,
}) => {
  const host = await serveApp('host', 0, await buildOf(HOST_OF_CONTRACT_1_7));
  try {
    await page.goto(`${host.url}/auth`);
    await signIn(page);
    await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
    await page.getByRole('tab', { name: 'Music' }).click();
    await expect(page.getByRole('region', { name: 'Tracks' })).toBeVisible();
  } finally {
    await host.close();
  }
});

test("a shell of the previous minor (1.1) mounts today's remotes, which hide the queue actions it cannot carry out", async ({
  page,
}) => {
  // Built as contract 1.1, the shell's bus does not say which commands it accepts: as a
  // shell of that release, it knows nothing of Play next or Add to queue.
  const host = await serveApp('host', 0, await buildOf(HOST_OF_CONTRACT_1_1));
  try {
    await page.goto(`${host.url}/auth`);
    await signIn(page);
    const cards = page.getByRole('region', { name: 'Queue' });
    await expect(cards.getByRole('button', { name: /^Play / }).first()).toBeVisible();
    await expect(cards.getByRole('button', { name: /^Play next / })).toHaveCount(0);
    // Nor has it a focus timer (1.4): Home offers none.
    await expect(page.getByRole('region', { name: 'Focus' })).toHaveCount(0);

    await page.getByRole('tab', { name: 'Music' }).click();
    const table = page.getByRole('table', { name: 'Library' });
    await expect(table.getByRole('rowheader').first()).toBeVisible();
    const more = table.getByRole('button', { name: /^More actions for / });
    if ((await more.count()) > 0) {
      // Only what this shell can do (keeping a track offline) is offered.
      await more.first().click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expect(page.getByRole('menuitem', { name: 'Play next' })).toHaveCount(0);
      await expect(page.getByRole('menuitem', { name: 'Add to queue' })).toHaveCount(0);
      await page.keyboard.press('Escape');
    }
    // The rest of the tab works as before.
    await table.getByRole('rowheader').first().click();
    await expect(page.getByRole('dialog', { name: 'Edit Music' })).toBeVisible();
  } finally {
    await host.close();
  }
});
