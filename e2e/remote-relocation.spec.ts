import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { distOf } from '@loofi/tooling/serve';
import { APP_URLS } from './support/apps';
import { expect, GREETING, openDashboard, pointRemotes, test } from './support/fixtures';

test('the host loads a remote from wherever remotes.json says, without being rebuilt', async ({
  page,
  serveRemote,
}) => {
  const copy = await mkdtemp(path.join(tmpdir(), 'loofi-home-copy-'));
  try {
    await cp(distOf('home'), copy, { recursive: true });
    const moved = await serveRemote('home', { root: copy });
    await pointRemotes(page, { home: moved.url });

    const origins = new Set<string>();
    page.on('request', (request) => origins.add(new URL(request.url()).origin));
    await openDashboard(page);

    expect(origins.has(moved.url), 'the moved copy served the Home tab').toBe(true);
    expect(origins.has(APP_URLS.home), 'the old address was not used').toBe(false);
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
});

test('a remote that moved since the last visit loads from its new address, not from where it was', async ({
  page,
  serveRemote,
}) => {
  // The last visit found Home at its usual address, and the page kept it for a head start.
  await openDashboard(page);
  const copy = await mkdtemp(path.join(tmpdir(), 'loofi-home-copy-'));
  try {
    await cp(distOf('home'), copy, { recursive: true });
    const moved = await serveRemote('home', { root: copy });
    await pointRemotes(page, { home: moved.url });
    // The old address still answers, with an entry that would break the page if it ran.
    let askedOld = 0;
    await page.route(`${APP_URLS.home}/remoteEntry.js`, (route) => {
      askedOld += 1;
      return route.fulfill({
        contentType: 'text/javascript',
        body: "throw new Error('the old address ran');",
      });
    });
    const entries: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/remoteEntry.js')) entries.push(new URL(request.url()).origin);
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
    expect(askedOld, 'the head start asked where Home was').toBe(1);
    expect(entries, 'the moved copy served the Home tab').toContain(moved.url);
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
});
