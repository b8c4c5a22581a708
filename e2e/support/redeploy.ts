import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { distOf } from '@loofi/tooling/serve';
import type { Page } from '@playwright/test';
import type { RunningServer } from '@loofi/tooling/serve';
import type { TabName } from '@loofi/contracts';
import { expect } from './fixtures';
import { NEXT_SETTINGS_RELEASE } from './suite-builds';
import { buildOf } from './variant-build';

/** A release of a remote's exposed `./App`: the script that holds it, and its text's digest. */
export interface ExposedRelease {
  /** The script's path in the remote's folder. */
  file: string;
  digest: string;
}

const digestOf = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');

/**
 * Where a remote's build (its folder) puts its exposed `./App`: the first script its manifest
 * lists for it. That is the remote's entry, which keeps its name from one release to the next
 * (./App is built into it), so the digest is what tells two releases apart.
 */
export async function exposedRelease(root: string): Promise<ExposedRelease> {
  const manifest = JSON.parse(await readFile(path.join(root, 'mf-manifest.json'), 'utf8')) as {
    exposes: { assets: { js: { sync: string[] } } }[];
  };
  const file = manifest.exposes[0]!.assets.js.sync[0]!;
  return { file, digest: digestOf(await readFile(path.join(root, file))) };
}

/** The scripts a page receives from the moment this is called, each as its URL and digest. */
export class ReceivedScripts {
  private received: Promise<{ url: string; digest: string | null }>[] = [];

  constructor(page: Page) {
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      this.received.push(
        response.body().then(
          (body) => ({ url: response.url(), digest: digestOf(body) }),
          // A response whose page went away before its body was read.
          () => ({ url: response.url(), digest: null }),
        ),
      );
    });
  }

  /** Forgets what was received so far. */
  clear(): void {
    this.received = [];
  }

  /** The digests of what was received from `url`, in order. */
  async digestsOf(url: string): Promise<(string | null)[]> {
    const scripts = await Promise.all(this.received);
    return scripts.filter((script) => script.url === url).map((script) => script.digest);
  }
}

type ServeRemote = (
  app: TabName,
  options?: { port?: number; root?: string },
) => Promise<RunningServer>;

/** The Settings remote served on a port of its own, with its next release ready to deploy. */
export interface SettingsRelease {
  /** Where it is served, before and after the redeploy. */
  url: string;
  /** `./App` in the current release, and in the next one. */
  before: ExposedRelease;
  after: ExposedRelease;
  /** Replaces the served release with the next one, at the same address. */
  redeploy(): Promise<void>;
  /** Stops serving. */
  close(): Promise<void>;
}

export async function settingsWithNextRelease(serveRemote: ServeRemote): Promise<SettingsRelease> {
  // The next release: a build whose exposed module differs.
  const next = await buildOf(NEXT_SETTINGS_RELEASE);
  let server = await serveRemote('settings');
  const [before, after] = [await exposedRelease(distOf('settings')), await exposedRelease(next)];
  return {
    url: server.url,
    before,
    after,
    async redeploy() {
      await server.close();
      server = await serveRemote('settings', { port: server.port, root: next });
    },
    async close() {
      await server.close();
    },
  };
}

/**
 * In a signed-in page whose scripts are recorded in `received` from its first load: the
 * Settings tab shows the current release; after the redeploy, a reload loads the next
 * release's `./App` and not a stale one.
 */
export async function expectRedeployPickedUp(
  page: Page,
  settings: SettingsRelease,
  received: ReceivedScripts,
): Promise<void> {
  const { before, after, url } = settings;
  expect(after.digest).not.toBe(before.digest);
  const showVersion = async () => {
    await page.getByRole('tab', { name: 'About' }).click();
    await expect(page.getByRole('region', { name: 'About' })).toContainText('1.0.0-beta');
  };
  await page.getByRole('tab', { name: 'Settings' }).click();
  await showVersion();
  expect(await received.digestsOf(`${url}/${before.file}`)).toEqual([before.digest]);

  await settings.redeploy();
  received.clear();
  await page.reload();
  await showVersion();
  expect(
    await received.digestsOf(`${url}/${after.file}`),
    'the new release is loaded, and no stale one',
  ).toEqual([after.digest]);
}
