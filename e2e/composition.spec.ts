import type { Page, Response } from '@playwright/test';
import { REMOTE_IDS } from '@loofi/contracts/apps';
import { APP_URLS } from './support/apps';
import { expect, openDashboard, test, watchPolicyViolations } from './support/fixtures';

async function visitEveryTab(page: Page) {
  await openDashboard(page);
  await page.getByRole('tab', { name: 'Music' }).click();
  await expect(page.getByRole('region', { name: 'Tracks' })).toBeVisible();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'About' }).click();
  await expect(page.getByRole('region', { name: 'About' })).toContainText('loofi 1.0.0-beta');
}

test('each tab is rendered inside the shell by its own remote, over federation', async ({
  page,
  consoleMessages,
}) => {
  const manifests: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/mf-manifest.json'))
      manifests.push(new URL(response.url()).origin);
  });
  const violations = await watchPolicyViolations(page);
  await visitEveryTab(page);

  await expect(page.getByRole('banner')).toContainText('loofi');
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Settings' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // Each remote's manifest once; the shell prefetches the others' after the first tab, so
  // their responses may come in either order.
  expect(manifests.toSorted()).toEqual(REMOTE_IDS.map((remote) => APP_URLS[remote]).toSorted());
  expect(
    consoleMessages.filter((message) => message.startsWith('error')),
    'a walk through every tab logs no console error',
  ).toEqual([]);
  expect(await violations(), 'nor any Content Security Policy violation').toEqual([]);
});

test('the shell keeps the active tab across a reload and changes it from a card', async ({
  page,
}) => {
  await openDashboard(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('tab', { name: 'Settings' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Preferences' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Settings' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

/**
 * Strings that stand in exactly one module of each library, so the number of downloaded
 * scripts that contain one is the number of copies of that module the site loaded.
 */
const SINGLETON_MARKERS: Record<string, string> = {
  'react-dom': '__reactFiber$',
  rxjs: 'object unsubscribed',
  '@emotion/react': '__EMOTION_TYPE_PLEASE_DO_NOT_USE__',
  '@mui/material/Tabs (host)': '"MuiTabs"',
  '@mui/material/Card (home and music)': '"MuiCard"',
  '@mui/material/Typography (all)': '"MuiTypography"',
  '@mui/material/ButtonBase (inside Tab and CardActionArea)': 'name:"MuiButtonBase",slot:"Root"',
};

test('react-dom, MUI, emotion and rxjs are each downloaded once for the whole site', async ({
  page,
}) => {
  const scripts: Promise<{ url: string; body: string }>[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() === 'script') {
      scripts.push(response.text().then((body) => ({ url: response.url(), body })));
    }
  });
  await visitEveryTab(page);
  const downloaded = await Promise.all(scripts);

  const urls = downloaded.map((script) => script.url);
  expect(new Set(urls).size, 'no script is fetched twice').toBe(urls.length);
  for (const [library, marker] of Object.entries(SINGLETON_MARKERS)) {
    const copies = downloaded.filter((script) => script.body.includes(marker));
    expect(
      copies.map((copy) => copy.url),
      `${library} is downloaded once`,
    ).toHaveLength(1);
  }
  const reactDom = downloaded.find((script) => script.body.includes('__reactFiber$'));
  expect(new URL(reactDom!.url).origin, 'react-dom comes from the host').toBe(APP_URLS.host);
  // A remote's ./App is built into its entry (remoteChunks in @loofi/tooling): Home, which
  // loads nothing lazily, costs the page one script.
  expect(
    urls.filter((url) => url.startsWith(`${APP_URLS.home}/`)),
    "Home's entry holds its ./App",
  ).toEqual([`${APP_URLS.home}/remoteEntry.js`]);
  // Every remote uses only rxjs exports the host offers from its own code (RXJS_SHARED_EXPORTS
  // in @loofi/contracts/apps): the whole of rxjs, the host's chunk for any other remote, and
  // a remote's own fallback of it are never fetched.
  expect(
    urls.filter((url) => /\/rxjs-all\.|\/independent-packages\//.test(url)),
    'all of rxjs is not fetched',
  ).toEqual([]);
});
