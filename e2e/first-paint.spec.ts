import { expect, GREETING, openDashboard, test } from './support/fixtures';

const TILE_SEED = /data-tile-seed="(\d+)"/;

test('the sign-in page paints from the HTML alone, its button busy until the app has loaded', async ({
  page,
}) => {
  // No script arrives at all: what shows is the prerendered document.
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();
  await expect(page.getByTestId('sign-in-tile')).toHaveCount(79);
  // Never a dead click: until the app takes over, the button says it is busy.
  const button = page.getByRole('button', { name: 'Sign in with Google' });
  await expect(button).toBeDisabled();
  await expect(button).toHaveAttribute('aria-busy', 'true');
});

test('the app takes the prerendered page over in place, with the same tiles and no error', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));

  const served = await (await page.request.get('/auth')).text();
  const seed = TILE_SEED.exec(served)?.[1];
  expect(seed, 'the served page carries its tiles’ seed').toBeDefined();

  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  await expect(page.getByTestId('sign-in-backdrop')).toHaveAttribute('data-tile-seed', seed!);
  await expect(page.getByTestId('sign-in-tile')).toHaveCount(79);
  expect(errors, 'hydration raised no error').toEqual([]);
});

test('a returning owner loads the dashboard from the prerendered page, and unknown paths redirect', async ({
  page,
}) => {
  await openDashboard(page);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
});
