import { REMOTE_IDS } from '@loofi/contracts/apps';
import { APP_URLS } from './support/apps';
import { expect, test } from './support/fixtures';

// A remote that does import Firebase runs on the host's SDK: e2e/firebase/singleton.spec.ts.

test('remotes that never import Firebase do not list it, so the host starts no download for them', async ({
  request,
}) => {
  for (const remote of REMOTE_IDS) {
    const response = await request.get(`${APP_URLS[remote]}/mf-manifest.json`);
    const { shared } = (await response.json()) as { shared: { name: string }[] };
    const names = shared.map((module) => module.name);
    expect(names, `${remote} consumes React`).toContain('react');
    expect(
      names.filter((name) => name.startsWith('firebase/')),
      remote,
    ).toEqual([]);
  }
});
