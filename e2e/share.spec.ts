import type { Page } from '@playwright/test';
import { demoTracks } from '@loofi/backend/local/demo';
import { loadPublicEnv } from '@loofi/tooling/config';
import { serveAudio, toneWav } from './support/audio-fixtures';
import type { AudioServer } from './support/audio-fixtures';
import { expect, GREETING, openDashboard, signIn, test, untilControlled } from './support/fixtures';
import { startMusicFakes } from './support/music-fakes';
import type { MusicFakes } from './support/music-fakes';
import { musicTab } from './support/music-page';
import { expectAccessible } from './support/screens';

const NOT_HTTP = 'This link cannot be added: loofi takes only http and https links.';
const demo = demoTracks();

/** A page of tracks, as Web Scraping reads it. */
const PLAYLIST = `<!doctype html><title>Dusk list</title><ul>
  <li class="track-item"><span class="title">Dusk Tape</span><span class="artist">Owl</span>
    <audio src="/audio/dusk-tape.mp3"></audio></li>
  <li class="track-item"><span class="title">Blue Hour</span><span class="artist">Owl</span>
    <audio src="/audio/blue-hour.mp3"></audio></li></ul>`;

let audio: AudioServer;
let fakes: MusicFakes;

test.beforeAll(async () => {
  // With CORS: the page may ask what the extension-less `stream` is (a HEAD).
  audio = await serveAudio(
    { 'rain.wav': toneWav(2, 330), stream: toneWav(2, 262) },
    { cors: true },
  );
  fakes = await startMusicFakes({ playlist: PLAYLIST });
});

test.afterAll(async () => {
  await audio?.close();
  await fakes?.close();
});

/** What Android or Chrome opens when the owner shares into loofi (the manifest's share target). */
const shareUrl = (params: Record<string, string>) => `/share?${new URLSearchParams(params)}`;

/**
 * The served build's scrape proxy (SCRAPE_PROXY_URL, by default a public one) is answered by
 * the fake proxy of e2e/support/music-fakes.ts: no host is rebuilt for it.
 */
async function answerScrapesWithFakeProxy(page: Page) {
  const [head] = loadPublicEnv().scrapeProxyUrl.split('{url}') as [string];
  await page.route(
    (url) => url.href.startsWith(head),
    async (route) => {
      const target = decodeURIComponent(route.request().url().slice(head.length));
      const url = fakes.proxyTemplate.replace('{url}', encodeURIComponent(target));
      await route.fulfill({ response: await route.fetch({ url }) });
    },
  );
}

/** The Music tab's count of tracks, read under the open dialog too (which hides the rest). */
const libraryCount = (page: Page) =>
  page.getByRole('region', { name: 'Tracks', includeHidden: true }).getByText(/^\d+$/);

test('the web app manifest makes loofi a share target for links', async ({ request }) => {
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
    share_target?: unknown;
  };
  expect(manifest.share_target).toEqual({
    action: '/share',
    method: 'GET',
    params: { url: 'url', text: 'text', title: 'title' },
  });
});

test("a shared audio file opens Add Music's Manual Entry filled in, saves only on Add, and Back does not open it again", async ({
  page,
}) => {
  await openDashboard(page);
  const entries = await page.evaluate(() => history.length);
  // No extension: the host's answer to a HEAD says it is audio.
  await page.goto(shareUrl({ url: `${audio.url}/stream`, title: 'Evening Stream' }));

  const music = musicTab(page);
  const dialog = music.dialog('Add Music');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Manual Entry' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('Evening Stream');
  await expect(dialog.getByRole('textbox', { name: 'Audio' })).toHaveValue(`${audio.url}/stream`);
  await expect(page).toHaveURL(/\/$/);
  // The share's address was replaced, not followed by a new entry.
  expect(await page.evaluate(() => history.length)).toBe(entries + 1);
  await expectAccessible(page, 'Add Music from a shared audio file');
  await expect(libraryCount(page)).toHaveText(String(demo.length));

  await dialog.getByRole('textbox', { name: 'Author' }).fill('The Test Tones');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
  await expect(music.row('Evening Stream')).toBeVisible();
  await expect(libraryCount(page)).toHaveText(String(demo.length + 1));

  // Back leaves for the dashboard before the share, which has nothing to open.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('region', { name: 'Player' })).toBeVisible();
  await expect(dialog).toBeHidden();
});

test("a shared page opens Add Music's Web Scraping and scrapes it; only the tracks picked are added", async ({
  page,
}) => {
  await answerScrapesWithFakeProxy(page);
  await openDashboard(page);
  await page.goto(shareUrl({ url: '', text: `Tonight's list: ${fakes.pageUrl('playlist')}` }));

  const music = musicTab(page);
  const dialog = music.dialog('Add Music');
  await expect(dialog.getByRole('tab', { name: 'Web Scraping' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(dialog.getByRole('textbox', { name: 'URL' })).toHaveValue(fakes.pageUrl('playlist'));
  await expect(dialog.getByText('Found 2 new tracks.')).toBeVisible();
  expect(fakes.scraped).toEqual([fakes.pageUrl('playlist')]);
  await expect(libraryCount(page)).toHaveText(String(demo.length));

  await dialog.getByText('Blue Hour').click();
  await dialog.getByRole('button', { name: 'Add Selected' }).click();
  await expect(dialog).toBeHidden();
  await expect(music.row('Blue Hour')).toBeVisible();
  await expect(music.row('Dusk Tape')).toHaveCount(0);
});

test('a link shared while signed out waits for the sign-in, then opens Add Music', async ({
  page,
}) => {
  await page.goto(shareUrl({ url: `${audio.url}/rain.wav`, title: 'Rain' }));
  await expect(page).toHaveURL(/\/auth$/);
  await signIn(page);

  const dialog = musicTab(page).dialog('Add Music');
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('Rain');
  await expect(dialog.getByRole('textbox', { name: 'Audio' })).toHaveValue(`${audio.url}/rain.wav`);
  await expect(page).toHaveURL(/\/$/);
});

test('a shared link that is not http(s) is refused with a message, and nothing else happens', async ({
  page,
}) => {
  await openDashboard(page);
  const refused: Record<string, string>[] = [
    { url: 'javascript:alert(document.cookie)' },
    { text: 'ftp://files.example.org/rain.mp3' },
  ];
  for (const params of refused) {
    await page.goto(shareUrl(params));
    await expect(page.getByRole('alert').filter({ hasText: NOT_HTTP })).toBeVisible();
    await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Home' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\/$/);
  }
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test.describe('offline', () => {
  // The service worker serves the app for /share with no network (the others block it).
  test.use({ serviceWorkers: 'allow' });

  test('after one visit, a shared audio file opens Add Music with no network', async ({
    page,
    context,
  }) => {
    await openDashboard(page);
    await untilControlled(page);
    await page.getByRole('tab', { name: 'Music' }).click();
    await expect(musicTab(page).table).toBeVisible();
    await page.getByRole('tab', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();

    await context.setOffline(true);
    await page.goto(shareUrl({ url: 'https://cdn.example.org/night.mp3', title: 'Night' }));
    const dialog = musicTab(page).dialog('Add Music');
    await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('Night');
    await expect(dialog.getByRole('textbox', { name: 'Audio' })).toHaveValue(
      'https://cdn.example.org/night.mp3',
    );
  });
});
