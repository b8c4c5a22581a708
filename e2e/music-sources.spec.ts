import type { Page } from '@playwright/test';
import { demoTracks } from '@loofi/backend/local/demo';
import type { Track } from '@loofi/contracts';
import { serveApp } from '@loofi/tooling/serve';
import type { RunningServer } from '@loofi/tooling/serve';
import { expect, GREETING, signIn, test } from './support/fixtures';
import { PROXY_FAILS, startMusicFakes } from './support/music-fakes';
import type { MusicFakes } from './support/music-fakes';
import { openMusicTab } from './support/music-page';
import { buildOf, variantOf } from './support/variant-build';

const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';
const [demo] = demoTracks() as [Track, ...Track[]];

/** The query string SPEC §7 prescribes, up to the method's own parameter. */
const jamendoQuery = (limit: number, tail: string) =>
  `client_id=test-client&format=json&limit=${limit}&order=popularity_total&include=musicinfo&${tail}`;

/**
 * A page of tracks as a scraper meets them: relative addresses, a duplicate of the library
 * and one of itself, items missing their audio, hostile addresses, scripts and handlers.
 */
const CHILL_PAGE = `<!doctype html>
<html><head><title>Chill list</title>
<script>window.__loofiPwned = 'script in head';</script></head>
<body>
<img src="/nowhere.png" onerror="window.__loofiPwned = 'img onerror'">
<svg onload="window.__loofiPwned = 'svg onload'"></svg>
<ul>
  <li class="track-item"><img src="../covers/night-drive.svg" alt="">
    <span class="title">Night Drive</span><span class="artist">Tape Deck</span>
    <audio src="/audio/night-drive.mp3"></audio></li>
  <li class="track-item"><span class="title">Paper Rain</span><span class="artist">Mono Loop</span>
    <audio controls><source src="https://cdn.example.org/paper-rain.mp3" type="audio/mpeg"></audio></li>
  <li class="track-item"><span class="title">${demo.title}</span><span class="artist">${demo.author}</span>
    <audio src="/audio/already-there.mp3"></audio></li>
  <li class="track-item"><span class="title">No Sound</span><span class="artist">Nobody</span></li>
  <li class="track-item"><span class="title">Evil Link</span><span class="artist">Hacker</span>
    <audio src="javascript:window.__loofiPwned='javascript url'"></audio></li>
  <li class="track-item"><span class="title">Data Link</span><span class="artist">Hacker</span>
    <audio src="data:audio/wav;base64,UklGRg=="></audio></li>
  <li class="track-item"><span class="title">night drive</span><span class="artist">TAPE DECK</span>
    <audio src="/audio/night-drive-again.mp3"></audio></li>
  <li class="track-item"><span class="title">Dust Motes<script>window.__loofiPwned = 'inline'</script></span>
    <span class="artist" onmouseover="window.__loofiPwned = 'mouseover'">Window Seat</span>
    <audio src="https://cdn.example.org/dust.mp3" onloadstart="window.__loofiPwned = 'loadstart'"></audio>
    <img src="javascript:window.__loofiPwned='image'"></li>
</ul></body></html>`;

let fakes: MusicFakes;
let host: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  fakes = await startMusicFakes({
    chill: CHILL_PAGE,
    // 100,000 nested elements: 44 s of a frozen page when it was parsed into a document.
    nested: `${'<div>'.repeat(100_000)}${TRACK_ITEM('Deep Track')}${'</div>'.repeat(100_000)}`,
    // 10,000 items, each with an audio element.
    many: Array.from({ length: 10_000 }, (_value, index) => TRACK_ITEM(`Many ${index}`)).join(''),
  });
  const outDir = await buildOf(
    variantOf('host', {
      SCRAPE_PROXY_URL: fakes.proxyTemplate,
      JAMENDO_API_URL: fakes.jamendoApiUrl,
      JAMENDO_CLIENT_ID: 'test-client',
    }),
  );
  host = await serveApp('host', 0, outDir);
});

test.afterAll(async () => {
  await host?.close();
  await fakes?.close();
});

test.beforeEach(() => {
  fakes.scraped.length = 0;
  fakes.jamendoQueries.length = 0;
  fakes.jamendoAborted.length = 0;
  fakes.jamendo = { results: [] };
});

/** Signs in on the variant host and opens Add Music on the given tab of the dialog. */
async function openDialogOn(page: Page, tab: 'Web Scraping' | 'Jamendo API') {
  await page.goto(`${host.url}/auth`);
  await signIn(page);
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
  const music = await openMusicTab(page);
  await music.addMusic.click();
  const dialog = music.dialog('Add Music');
  await dialog.getByRole('tab', { name: tab }).click();
  await expect(dialog.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  return { music, dialog };
}

/** One `.track-item` of a scraped page, its addresses relative to the page. */
const TRACK_ITEM = (title: string) =>
  `<div class="track-item"><p class="title">${title}</p><p class="artist">Fixture</p>` +
  `<audio src="/audio/${encodeURIComponent(title)}.mp3"></audio></div>`;

test.describe('Web Scraping', () => {
  test('a hostile page, 100,000 levels deep or 10,000 items long, is read without freezing the page', async ({
    page,
  }) => {
    const { dialog } = await openDialogOn(page, 'Web Scraping');
    const url = dialog.getByRole('textbox', { name: 'URL' });
    await url.fill(fakes.pageUrl('nested'));
    await dialog.getByRole('button', { name: 'Scrape' }).click();
    const results = dialog.getByRole('region', { name: 'Results' });
    await expect(results.getByRole('listitem')).toHaveText([/Deep Track/]);

    await url.fill(fakes.pageUrl('many'));
    await dialog.getByRole('button', { name: 'Scrape' }).click();
    await expect(dialog.getByText(/^Found 10000 new tracks; showing the first \d+\.$/)).toBeVisible(
      {
        timeout: 15_000,
      },
    );
    // The player and the rest of the page answered all along.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Player' })).toBeVisible();
  });

  test('scrapes a page through the proxy and adds the selected tracks, running none of its code', async ({
    page,
    consoleMessages,
  }) => {
    const { music, dialog } = await openDialogOn(page, 'Web Scraping');
    const addSelected = dialog.getByRole('button', { name: 'Add Selected' });

    await dialog.getByRole('button', { name: 'Scrape' }).click();
    await expect(dialog.getByText('Enter the address of the page to scrape.')).toBeVisible();
    expect(fakes.scraped).toEqual([]);

    await dialog.getByRole('textbox', { name: 'URL' }).fill(fakes.pageUrl('chill'));
    await dialog.getByRole('button', { name: 'Scrape' }).click();
    // What was left out, and why, as an import says it.
    await expect(
      dialog.getByText(
        'Found 3 new tracks; skipped 2 duplicates, 1 entry missing its title, author or audio and 2 entries whose audio cannot play here.',
      ),
    ).toBeVisible();
    expect(fakes.scraped).toEqual([fakes.pageUrl('chill')]);
    const results = dialog.getByRole('region', { name: 'Results' });
    await expect(results.getByRole('listitem')).toHaveText([
      /Night Drive\s*Tape Deck/,
      /Paper Rain\s*Mono Loop/,
      /Dust Motes\s*Window Seat/,
    ]);
    await expect(addSelected).toBeDisabled();

    // A click on a result toggles it, visibly and as a checkbox.
    await results.getByText('Night Drive').click();
    await results.getByText('Dust Motes').click();
    await results.getByText('Paper Rain').click();
    await results.getByText('Paper Rain').click();
    await expect(results.getByRole('checkbox', { name: /Night Drive/ })).toBeChecked();
    await expect(results.getByRole('checkbox', { name: /Paper Rain/ })).not.toBeChecked();
    await expect(dialog.getByText('2 selected')).toBeVisible();
    await addSelected.click();
    await expect(dialog).toBeHidden();
    await expect(music.notice('Added 2 tracks to your library.')).toBeVisible();
    await expect(music.row('Night Drive')).toBeVisible();
    await expect(music.row('Dust Motes')).toBeVisible();
    await expect(music.row('Paper Rain')).toHaveCount(0);

    // Relative addresses were resolved against the page itself.
    await music.row('Night Drive').click();
    const edit = music.dialog('Edit Music');
    const fakesOrigin = new URL(fakes.pageUrl('chill')).origin;
    await expect(edit.getByRole('textbox', { name: 'Audio' })).toHaveValue(
      `${fakesOrigin}/audio/night-drive.mp3`,
    );
    await expect(edit.getByRole('textbox', { name: 'Image' })).toHaveValue(
      `${fakesOrigin}/covers/night-drive.svg`,
    );

    expect(await page.evaluate(() => (window as { __loofiPwned?: string }).__loofiPwned)).toBe(
      undefined,
    );
    expect(consoleMessages.filter((message) => /Content Security Policy/i.test(message))).toEqual(
      [],
    );
  });

  test("a failing proxy or page shows 'Something went wrong. Please try again.', and the dialog stays usable", async ({
    page,
  }) => {
    const { dialog } = await openDialogOn(page, 'Web Scraping');
    const url = dialog.getByRole('textbox', { name: 'URL' });
    const error = dialog.getByText(SOMETHING_WENT_WRONG);

    await url.fill(fakes.pageUrl(PROXY_FAILS));
    await dialog.getByRole('button', { name: 'Scrape' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      `${SOMETHING_WENT_WRONG} The scraping proxy answered with status 500.`,
    );
    await expect(dialog.getByRole('button', { name: 'Scrape' })).toBeEnabled();

    await url.fill(fakes.pageUrl('chill'));
    await dialog.getByRole('button', { name: 'Scrape' }).click();
    await expect(dialog.getByText(/^Found 3 new tracks/)).toBeVisible();
    await expect(error).toBeHidden();

    // A page that answered 404 says so, after SPEC §8's message.
    await url.fill(fakes.pageUrl('missing-page'));
    await dialog.getByRole('button', { name: 'Scrape' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      `${SOMETHING_WENT_WRONG} The page was not found (its site answered 404): check the address.`,
    );

    // An address over the limit is refused as too long, before anything is asked.
    const long = `${fakes.pageUrl('chill')}?${'a'.repeat(20_000)}`;
    await url.fill(long);
    await dialog.getByRole('button', { name: 'Scrape' }).click();
    await expect(
      dialog.getByText(
        `This address is too long (${long.length} characters): keep it within 2048.`,
      ),
    ).toBeVisible();
    expect(fakes.scraped).not.toContain(long);
  });
});

test.describe('Jamendo API', () => {
  const results = () => [
    {
      name: 'Harbour Lights',
      artist_name: 'Jam Collective',
      audio: 'https://cdn.example.org/jamendo/1.mp3',
      image: `${fakes.coversUrl}/harbour.svg`,
    },
    {
      name: '',
      artist_name: '',
      audio: '',
      audiodownload: 'https://cdn.example.org/jamendo/2.mp3',
      album_image: `${fakes.coversUrl}/album.svg`,
    },
    { name: 'No Audio', artist_name: 'Silent' },
    { name: demo.title, artist_name: demo.author, audio: 'https://cdn.example.org/jamendo/3.mp3' },
  ];

  test('popular asks for the fixed lo-fi tags, and the selected results are added', async ({
    page,
  }) => {
    fakes.jamendo = { results: results() };
    const { music, dialog } = await openDialogOn(page, 'Jamendo API');
    await expect(dialog.getByRole('radio', { name: 'Popular' })).toBeChecked();
    await expect(dialog.getByRole('spinbutton', { name: 'Number of Tracks' })).toHaveValue('20');
    await dialog.getByRole('button', { name: 'Fetch' }).click();
    await expect(dialog.getByText('Found 2 new tracks; skipped 1 duplicate.')).toBeVisible();
    expect(fakes.jamendoQueries).toEqual([
      jamendoQuery(20, 'tags=lofi%2Cchill%2Cambient%2Cinstrumental'),
    ]);
    const list = dialog.getByRole('region', { name: 'Results' });
    await expect(list.getByRole('listitem')).toHaveText([
      /Harbour Lights\s*Jam Collective/,
      /Unknown Title\s*Unknown Artist/,
    ]);
    await list.getByRole('checkbox', { name: 'Select all' }).check();
    await dialog.getByRole('button', { name: 'Add Selected' }).click();
    await expect(dialog).toBeHidden();
    await expect(music.notice('Added 2 tracks to your library.')).toBeVisible();
    await expect(music.row('Harbour Lights')).toBeVisible();
    await expect(music.row('Unknown Title')).toBeVisible();
  });

  test('search needs a query and sends it with the number of tracks', async ({ page }) => {
    fakes.jamendo = { results: results().slice(0, 1) };
    const { dialog } = await openDialogOn(page, 'Jamendo API');
    await dialog.getByRole('radio', { name: 'Search' }).check();
    await dialog.getByRole('button', { name: 'Fetch' }).click();
    await expect(dialog.getByText('Enter something to search for.')).toBeVisible();
    expect(fakes.jamendoQueries).toEqual([]);

    await dialog.getByRole('searchbox', { name: 'Search Query' }).fill('rainy night');
    await dialog.getByRole('spinbutton', { name: 'Number of Tracks' }).fill('5');
    await dialog.getByRole('button', { name: 'Fetch' }).click();
    await expect(dialog.getByText('Found 1 new track.')).toBeVisible();
    expect(fakes.jamendoQueries).toEqual([jamendoQuery(5, 'search=rainy+night')]);
  });

  test('tags sends the Tags box, and the number of tracks stays within 1 to 50', async ({
    page,
  }) => {
    const { dialog } = await openDialogOn(page, 'Jamendo API');
    await dialog.getByRole('radio', { name: 'Tags' }).check();
    const tags = dialog.getByRole('textbox', { name: 'Tags' });
    const count = dialog.getByRole('spinbutton', { name: 'Number of Tracks' });
    await expect(tags).toHaveValue('lofi,chill,ambient');
    await dialog.getByRole('button', { name: 'Fetch' }).click();
    await expect(dialog.getByText('No new tracks found.')).toBeVisible();

    await tags.fill(' jazz, piano ,');
    await count.fill('75');
    await dialog.getByRole('button', { name: 'Fetch' }).click();
    await expect(count).toHaveValue('50');
    await count.fill('0');
    await dialog.getByRole('button', { name: 'Fetch' }).click();
    await expect(count).toHaveValue('1');
    await count.fill('');
    await dialog.getByRole('button', { name: 'Fetch' }).click();
    await expect(count).toHaveValue('20');
    await expect.poll(() => fakes.jamendoQueries.length).toBe(4);
    expect(fakes.jamendoQueries).toEqual([
      jamendoQuery(20, 'tags=lofi%2Cchill%2Cambient'),
      jamendoQuery(50, 'tags=jazz%2Cpiano'),
      jamendoQuery(1, 'tags=jazz%2Cpiano'),
      jamendoQuery(20, 'tags=jazz%2Cpiano'),
    ]);
  });

  test("a failing Jamendo shows 'Something went wrong. Please try again.', and the dialog stays usable", async ({
    page,
  }) => {
    fakes.jamendo = { status: 500 };
    const { dialog } = await openDialogOn(page, 'Jamendo API');
    const error = dialog.getByText(SOMETHING_WENT_WRONG);
    await dialog.getByRole('button', { name: 'Fetch' }).click();
    await expect(error).toBeVisible();

    fakes.jamendo = { results: results() };
    await dialog.getByRole('button', { name: 'Fetch' }).click();
    await expect(dialog.getByText(/^Found 2 new tracks/)).toBeVisible();
    await expect(error).toBeHidden();
  });

  test('closing the dialog cancels a fetch under way and forgets it', async ({ page }) => {
    fakes.jamendo = 'hold';
    const { music, dialog } = await openDialogOn(page, 'Jamendo API');
    await dialog.getByRole('button', { name: 'Fetch' }).click();
    await expect(
      dialog.getByRole('progressbar', { name: 'Fetching tracks from Jamendo…' }),
    ).toBeVisible();
    await expect.poll(() => fakes.jamendoQueries.length).toBe(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => fakes.jamendoAborted.length).toBe(1);

    await music.addMusic.click();
    await expect(dialog.getByRole('tab', { name: 'Manual Entry' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await dialog.getByRole('tab', { name: 'Jamendo API' }).click();
    await expect(dialog.getByRole('progressbar')).toHaveCount(0);
    await expect(dialog.getByRole('region', { name: 'Results' })).toHaveCount(0);
  });
});
