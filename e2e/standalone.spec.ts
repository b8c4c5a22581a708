import { APP_URLS } from './support/apps';
import { expect, test } from './support/fixtures';

const REMOTES = [
  { app: 'home', content: { role: 'heading', name: /^Good (Morning|Afternoon|Evening)$/ } },
  { app: 'music', content: { role: 'region', name: 'Tracks' } },
  { app: 'settings', content: { role: 'tab', name: 'Preferences' } },
] as const;

for (const { app, content } of REMOTES) {
  test(`the ${app} remote renders its tab alone on its own page`, async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(APP_URLS[app]);
    await expect(page.getByRole(content.role, { name: content.name })).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
    expect(
      requested.filter((url) => url.endsWith('/remoteEntry.js')),
      'its own page does not load its remoteEntry.js',
    ).toEqual([]);
  });
}

test('a standalone remote tells the developer where the shell would navigate', async ({ page }) => {
  await page.goto(APP_URLS.home);
  await page.getByRole('button', { name: 'Music' }).click();
  await expect(page.getByRole('alert')).toContainText('the shell would now open the music tab');
});
