import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { BUNDLER_RUNTIME_GLOBAL, remoteBuildOf } from '@loofi/contracts/apps';
import type { RemoteBuild } from '@loofi/contracts/apps';
import { distOf } from '@loofi/tooling/serve';
import { replaceLibrary, serveAudio, toneWav } from './support/audio-fixtures';
import type { AudioServer } from './support/audio-fixtures';
import { expect, pointRemotes, signIn, test } from './support/fixtures';
import { buildPackage } from './support/variant-build';

// A tab deployed alone, on its own toolchain: e2e/fixtures/older-rspack-remote is built
// with its own @rspack/core, an older minor than the apps' (2.2 against the catalog's 2.3),
// and served in place of Home. The host, built with the catalog's, is not rebuilt.
const OLDER_REMOTE = '@loofi/e2e-older-rspack-remote';

let root: string;
let build: RemoteBuild;
let audio: AudioServer;
const track = { title: 'Built Apart', author: 'The Test Tones', audio: '', image: '' };

async function buildOf(folder: string): Promise<RemoteBuild> {
  const manifest: unknown = JSON.parse(
    await readFile(path.join(folder, 'mf-manifest.json'), 'utf8'),
  );
  const recorded = remoteBuildOf(manifest);
  expect(recorded, `${folder}'s manifest records its build`).toBeDefined();
  return recorded!;
}

test.beforeAll(async () => {
  // The fixture's build and a sound to play.
  test.setTimeout(120_000);
  [root, audio] = await Promise.all([
    buildPackage(OLDER_REMOTE),
    serveAudio({ 'tone.wav': toneWav(30, 392) }),
  ]);
  track.audio = `${audio.url}/tone.wav`;
  build = await buildOf(root);
});

test.afterAll(async () => {
  await audio?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

const bar = (page: Page) => page.getByRole('region', { name: 'Player' });

/** Signs in with the tab pointed at the fixture, and plays the library's track from it. */
async function playFromTheFixture(page: Page, fixtureUrl: string) {
  await pointRemotes(page, { home: fixtureUrl });
  await page.goto('/auth');
  await signIn(page);
  await replaceLibrary(page, [track]);
  const tab = page.getByRole('region', { name: 'Built with an older Rspack' });
  await expect(tab.getByRole('button', { name: `Play ${track.title}` })).toBeVisible();
  await expect(bar(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();

  await tab.getByRole('button', { name: `Play ${track.title}` }).click();
  await expect(bar(page).getByTestId('player-title')).toHaveText(track.title);
  await expect(bar(page).getByRole('button', { name: 'Pause' })).toBeVisible();
}

test('a tab built with an older minor of Rspack loads in the composed host, renders, and plays through the player', async ({
  page,
  serveRemote,
}) => {
  const apps = await buildOf(distOf('home'));
  expect(build.rspack, 'the fixture ran its own, older Rspack').toMatch(/^2\.2\./);
  expect(apps.rspack, "the apps' Rspack").not.toMatch(/^2\.2\./);

  const fixture = await serveRemote('home', { root });
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await playFromTheFixture(page, fixture.url);

  // Within one major the page's bundler runtime serves it: its own copy is not fetched.
  expect(requested).toContain(`${fixture.url}/remoteEntry.js`);
  expect(requested).not.toContain(`${fixture.url}/${build.bundlerRuntime.script}`);
});

test('on a page with no bundler runtime of its major, the tab runs on its own copy instead of failing', async ({
  page,
  serveRemote,
}) => {
  // A host page that provides no copy: the registry drops the host's own (its first).
  await page.addInitScript((global) => {
    type Registry = { provide(module: unknown, version: string): void };
    let registry: Registry | undefined;
    Object.defineProperty(window, global, {
      configurable: true,
      get: () => registry,
      set(made: Registry) {
        let first = true;
        registry = {
          ...made,
          provide(module, version) {
            if (first) first = false;
            else made.provide(module, version);
          },
        };
      },
    });
  }, BUNDLER_RUNTIME_GLOBAL);
  const fixture = await serveRemote('home', { root });
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await playFromTheFixture(page, fixture.url);

  expect(requested, "the remote's own runtime script").toContain(
    `${fixture.url}/${build.bundlerRuntime.script}`,
  );
});
