import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { distOf } from '@loofi/tooling/serve';
import { APP_URLS } from './support/apps';
import { expect, openDashboard, pointRemotes, test } from './support/fixtures';

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
