import type { Page, Response } from '@playwright/test';
import type { Track } from '@loofi/contracts';
import { replaceLibrary, serveAudio, toneWav } from './support/audio-fixtures';
import { expect, offlineNotice, openDashboard, test, untilControlled } from './support/fixtures';
import { musicTab, openMusicTab } from './support/music-page';

// Kept tracks are served by the service worker: let it run (the other tests block it).
test.use({ serviceWorkers: 'allow' });

const KEPT_CACHE = 'loofi-offline-tracks';
const SKIPPED = 'You are offline: the tracks that are not kept offline are skipped.';
const NOTHING_KEPT = 'You are offline, and no track is kept offline.';

/** A track of the demo library: its audio and cover come from the site itself. */
const demo: Track = {
  title: 'Moonlit Bus Ride',
  author: 'loofi demo band',
  audio: '/demo/moonlit-bus-ride.wav',
  image: '/demo/moonlit-bus-ride.svg',
};

const bar = (page: Page) => page.getByRole('region', { name: 'Player' });
const seekValue = async (page: Page) =>
  Number(await bar(page).getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuenow'));

/**
 * A track's row in Music. By a title the row header begins with: once kept, the header also
 * names the Kept offline mark.
 */
const rowOf = (page: Page, track: Track) =>
  musicTab(page)
    .table.getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: track.title }) });

/** The owner keeps a track offline from its row's menu in Music ("More actions", "Keep offline"). */
async function keepOffline(page: Page, track: Track) {
  const row = rowOf(page, track);
  await row.getByRole('button', { name: `More actions for ${track.title}` }).click();
  await page.getByRole('menuitem', { name: 'Keep offline' }).click();
  return row;
}

/** What the kept tracks' cache holds (URLs), as the service worker sees it. */
const keptUrls = (page: Page) =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const requests = await (await caches.open(name)).keys();
    return requests.map((request) => request.url);
  }, KEPT_CACHE);

/** Makes the other caches lose a file, as a browser evicting them would. */
const evictElsewhere = (page: Page, path: string) =>
  page.evaluate(
    async ({ kept, path }) => {
      for (const name of await caches.keys()) {
        if (name === kept) continue;
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          if (new URL(request.url).pathname === path) await cache.delete(request);
        }
      }
    },
    { kept: KEPT_CACHE, path },
  );

/** Stops the service worker, as the browser does when it idles: the next request starts it. */
async function stopServiceWorker(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
}

/** The statuses of the service worker's answers to the player's requests for byte ranges. */
function rangeAnswers(page: Page, audio: string) {
  const statuses: number[] = [];
  page.on('response', async (response: Response) => {
    if (!response.url().endsWith(audio) || !response.fromServiceWorker()) return;
    if (await response.request().headerValue('range')) statuses.push(response.status());
  });
  return statuses;
}

test('a track kept offline plays with no network, and seeks', async ({ page, context }) => {
  // A host that lets other sites read its files (CORS), as Jamendo's does.
  const allowing = await serveAudio({ 'far-tone.wav': toneWav(60, 330) }, { cors: true });
  const far: Track = {
    title: 'Far tone',
    author: 'The Test Tones',
    audio: `${allowing.url}/far-tone.wav`,
    image: '',
  };
  try {
    await openDashboard(page);
    await untilControlled(page);
    await replaceLibrary(page, [demo, far]);
    const music = await openMusicTab(page);

    for (const track of [demo, far]) {
      const row = await keepOffline(page, track);
      await expect(music.notice(`“${track.title}” is kept offline.`)).toBeVisible();
      await expect(row.getByRole('img', { name: 'Kept offline' })).toBeVisible();
    }
    // The demo library's own copies may be gone; the kept one must answer.
    await evictElsewhere(page, demo.audio);

    await context.setOffline(true);
    await allowing.close();
    await page.reload();
    await expect(offlineNotice(page)).toBeVisible();
    await openMusicTab(page);

    // Kept tracks are found by a worker that has just started, too.
    await stopServiceWorker(page);

    const demoAnswers = rangeAnswers(page, demo.audio);
    // The player buffers the next track while one plays: its requests may come early.
    const farAnswers = rangeAnswers(page, far.audio);
    await music.table.getByRole('button', { name: `Play ${demo.title}` }).click();
    await expect(bar(page).getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    await expect.poll(() => seekValue(page)).toBeGreaterThanOrEqual(1);
    expect(demoAnswers.length).toBeGreaterThan(0);
    expect(demoAnswers.every((status) => status === 206)).toBe(true);

    // Paused, ten seconds on, then on again from there.
    await bar(page).getByRole('button', { name: 'Pause', exact: true }).click();
    const before = await seekValue(page);
    const seek = bar(page).getByRole('slider', { name: 'Seek' });
    await seek.focus();
    await seek.press('PageUp');
    await expect.poll(() => seekValue(page)).toBeGreaterThanOrEqual(before + 9);
    const sought = await seekValue(page);
    await bar(page).getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => seekValue(page)).toBeGreaterThan(sought);

    // Another host's track, stored as it allowed (CORS), plays on an element that did not ask.
    await music.table.getByRole('button', { name: `Play ${far.title}` }).click();
    await expect(bar(page).getByTestId('player-title')).toHaveText(far.title);
    await expect(bar(page).getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    await expect.poll(() => seekValue(page)).toBeGreaterThanOrEqual(1);
    expect(farAnswers.length).toBeGreaterThan(0);
    expect(farAnswers.every((status) => status === 206)).toBe(true);
  } finally {
    await allowing.close();
  }
});

test('a track whose host does not allow it is not kept, and the owner is told why', async ({
  page,
}) => {
  const refusing = await serveAudio({ 'closed-tone.wav': toneWav(10, 440) });
  const closed: Track = {
    title: 'Closed tone',
    author: 'The Test Tones',
    audio: `${refusing.url}/closed-tone.wav`,
    image: '/demo/moonlit-bus-ride.svg',
  };
  try {
    await openDashboard(page);
    await untilControlled(page);
    await replaceLibrary(page, [demo, closed]);
    const music = await openMusicTab(page);

    const row = await keepOffline(page, closed);
    await expect(
      music.notice(`“${closed.title}” cannot be kept offline: its host does not allow it.`),
    ).toBeVisible();
    await expect(row.getByRole('img', { name: 'Kept offline' })).toHaveCount(0);
    await expect(row.getByLabel(`Keeping ${closed.title} offline`)).toHaveCount(0);
    expect(await keptUrls(page)).toEqual([]);

    // Not kept, it plays from its host as before, through a worker that has just started too.
    await stopServiceWorker(page);
    await music.table.getByRole('button', { name: `Play ${closed.title}` }).click();
    await expect(bar(page).getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    await expect.poll(() => seekValue(page)).toBeGreaterThanOrEqual(1);
  } finally {
    await refusing.close();
  }
});

test('offline, the queue plays the kept tracks and skips the others, saying so once', async ({
  page,
  context,
}) => {
  const names = ['Kept one', 'Gone one', 'Kept two', 'Gone two'];
  const host = await serveAudio(
    Object.fromEntries(names.map((name, index) => [`${index}.wav`, toneWav(20, 300 + index * 50)])),
    { cors: true },
  );
  const tracks: Track[] = names.map((title, index) => ({
    title,
    author: 'The Test Tones',
    audio: `${host.url}/${index}.wav`,
    image: '',
  }));
  const [keptOne, goneOne, keptTwo, goneTwo] = tracks as [Track, Track, Track, Track];
  try {
    await openDashboard(page);
    await untilControlled(page);
    await replaceLibrary(page, tracks);
    const music = await openMusicTab(page);
    for (const track of [keptOne, keptTwo]) {
      await keepOffline(page, track);
      await expect(music.notice(`“${track.title}” is kept offline.`)).toBeVisible();
    }

    await context.setOffline(true);
    await host.close();
    await page.reload();
    await expect(offlineNotice(page)).toBeVisible();
    await openMusicTab(page);
    await music.table.getByRole('button', { name: `Play ${keptOne.title}` }).click();
    await expect(bar(page).getByRole('button', { name: 'Pause', exact: true })).toBeVisible();

    // Next goes round the queue from kept track to kept track.
    const title = bar(page).getByTestId('player-title');
    const skipped = page.getByRole('alert').filter({ hasText: SKIPPED });
    const seen = new Set<string>();
    let told = 0;
    for (let step = 0; step < 4; step += 1) {
      // Two kept tracks: each Next moves to the other one.
      const playing = await title.innerText();
      await bar(page).getByRole('button', { name: 'Next' }).click();
      await expect(title).not.toHaveText(playing);
      await expect(title).toHaveText(/^Kept (one|two)$/);
      seen.add(await title.innerText());
      // The notice comes with the track that follows a skip, if this step skipped any (and
      // closes itself after 5 s: it is closed here before).
      if ((await skipped.count()) > 0) {
        told += 1;
        await skipped.getByRole('button', { name: 'Close' }).click();
        await expect(skipped).toHaveCount(0);
      }
    }
    // Two tracks round a queue of four: something was skipped, and said once.
    expect(told).toBe(1);
    expect([...seen].sort()).toEqual([keptOne.title, keptTwo.title]);
    for (const gone of [goneOne, goneTwo]) await expect(title).not.toHaveText(gone.title);
  } finally {
    await host.close();
  }
});

test('offline with nothing kept, each press of Play says so', async ({ page, context }) => {
  const host = await serveAudio({ 'rain.wav': toneWav(20, 330) }, { cors: true });
  const rain: Track = {
    title: 'Rain',
    author: 'The Test Tones',
    audio: `${host.url}/rain.wav`,
    image: '',
  };
  try {
    await openDashboard(page);
    await replaceLibrary(page, [rain]);
    await context.setOffline(true);
    await expect(offlineNotice(page)).toBeVisible();
    const play = bar(page).getByRole('button', { name: 'Play', exact: true });
    const told = page.getByRole('alert').filter({ hasText: NOTHING_KEPT });
    await play.click();
    await expect(told).toBeVisible();
    await told.getByRole('button', { name: 'Close' }).click();
    await expect(told).toHaveCount(0);
    // Dismissed, the message still answers the next press.
    await play.click();
    await expect(told).toBeVisible();
  } finally {
    await host.close();
  }
});
