import type { Route } from '@playwright/test';
import { EMULATED_OWNER, expect, GREETING, openDashboard, signIn, test } from './site';

/** Firestore's write stream, through which the page sets the credential document. */
const FIRESTORE_WRITES = '**/google.firestore.v1.Firestore/Write/channel**';

test('the owner signs in: the credential document is written first, and only then the cookies', async ({
  page,
  context,
  site,
}) => {
  // Holds the page's writes to Firestore until the test lets them through.
  let holding = true;
  const held: Route[] = [];
  await page.route(FIRESTORE_WRITES, (route) =>
    holding ? void held.push(route) : route.continue(),
  );
  const cookieNames = async () => (await context.cookies()).map((cookie) => cookie.name);

  await page.goto('/');
  await expect(page).toHaveURL(/\/auth$/);
  await signIn(page);
  await expect
    .poll(() => held.length, { message: 'the page writes the credential' })
    .toBeGreaterThan(0);
  // While the write waits for the server, no cookie is set and the page stays on /auth.
  expect(await cookieNames()).not.toContain('__Secure-token');
  expect(await cookieNames()).not.toContain('__Secure-email');
  await expect(page).toHaveURL(/\/auth$/);
  expect(await site.emulators.listDocuments('loofi-dashboard')).toEqual([]);

  holding = false;
  await Promise.all(held.map((route) => route.continue()));
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/$/);

  const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
  const token = cookies['__Secure-token'];
  expect(decodeURIComponent(cookies['__Secure-email'] ?? '')).toBe(EMULATED_OWNER);
  expect(token).toMatch(/^[0-9a-f]{264}$/);
  // The document the rules let the owner write: the same e-mail and token as the cookies.
  expect(await site.emulators.listDocuments('loofi-dashboard')).toEqual([
    { id: 'owner-token', data: { email: EMULATED_OWNER, token } },
  ]);

  // A reload finds the session again: the cookie's token equals the stored one.
  await page.reload();
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible({ timeout: 15_000 });
});

test("an account off the whitelist gets 'Invalid Credentials', and nothing is written", async ({
  page,
  context,
  site,
}) => {
  await page.goto('/auth');
  await signIn(page, 'stranger@example.org');
  await expect(page.getByRole('alert')).toHaveText('Invalid Credentials');
  await expect(page).toHaveURL(/\/auth$/);
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('__Secure-token');
  expect(await site.emulators.listDocuments('loofi-dashboard')).toEqual([]);
  // The dashboard stays closed to the stranger.
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth$/);
});

test('signing out deletes the credential document and the cookies, and returns to /auth', async ({
  page,
  context,
  site,
}) => {
  await openDashboard(page);
  expect(await site.emulators.listDocuments('loofi-dashboard')).toHaveLength(1);
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('menu')).toContainText(EMULATED_OWNER);
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('__Secure-token');
  await expect.poll(() => site.emulators.listDocuments('loofi-dashboard')).toEqual([]);
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth$/);
});
