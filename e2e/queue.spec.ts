import type { Page } from '@playwright/test';
import type { Track } from '@loofi/contracts';
import { replaceLibrary, serveAudio, toneWav } from './support/audio-fixtures';
import type { AudioServer } from './support/audio-fixtures';
import { expect, GREETING, openDashboard, test } from './support/fixtures';
import { openMusicTab } from './support/music-page';
import { openQueue, upNextOrder } from './support/queue-panel';
import { expectAccessible } from './support/screens';

let audio: AudioServer;
let tracks: Track[];

test.beforeAll(async () => {
  const names = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'];
  audio = await serveAudio(
    Object.fromEntries(names.map((name, index) => [`${name}.wav`, toneWav(30, 220 + index * 40)])),
  );
  tracks = names.map((name) => ({
    title: name,
    author: 'The Test Tones',
    audio: `${audio.url}/${name}.wav`,
    image: '',
  }));
});

test.afterAll(async () => {
  await audio.close();
});

const bar = (page: Page) => page.getByRole('region', { name: 'Player' });
const title = (page: Page) => bar(page).getByTestId('player-title');

async function playing(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('preferences-session', JSON.stringify({ resume: true, autoPlay: true }));
  });
  await openDashboard(page);
  await replaceLibrary(page, tracks);
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
  await bar(page).getByRole('button', { name: 'Play', exact: true }).click();
  await expect(bar(page).getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
}

test('the Queue shows what plays now and next; the owner reorders, removes and plays from it', async ({
  page,
}) => {
  await playing(page);
  const current = await title(page).innerText();
  const queue = await openQueue(page);
  const nowPlaying = queue.getByRole('region', { name: 'Now playing' });
  await expect(nowPlaying).toContainText(current);
  await expect(nowPlaying).toContainText('Playing');
  await expect.poll(() => upNextOrder(queue)).toHaveLength(4);
  await expectAccessible(page, 'the Queue');
  const [first, second, third, fourth] = await upNextOrder(queue);

  // Dragged by its handle: the last upcoming track to the top.
  const row = (name: string) => queue.getByRole('listitem', { name: `${name} by The Test Tones` });
  await row(fourth!)
    .locator('[title="Drag to move"]')
    .dragTo(row(first!), {
      targetPosition: { x: 10, y: 5 },
    });
  await expect.poll(() => upNextOrder(queue)).toEqual([fourth, first, second, third]);

  // By the keyboard, focus staying on the moved track.
  const playNow = (name: string) =>
    queue.getByRole('button', { name: `Play ${name} The Test Tones` });
  await playNow(first!).focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(() => upNextOrder(queue)).toEqual([fourth, second, first, third]);
  await expect(playNow(first!)).toBeFocused();

  // By its menu.
  await row(third!).getByRole('button', { name: 'More actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Move up' })).toBeVisible();
  await expectAccessible(page, "a queued track's More actions");
  await page.getByRole('menuitem', { name: 'Move up' }).click();
  await expect.poll(() => upNextOrder(queue)).toEqual([fourth, second, third, first]);

  await row(second!).getByRole('button', { name: 'Remove from queue' }).click();
  await expect.poll(() => upNextOrder(queue)).toEqual([fourth, third, first]);

  // Next follows the order shown.
  await queue.getByRole('button', { name: 'Close the queue' }).click();
  await expect(queue).toBeHidden();
  await bar(page).getByRole('button', { name: 'Next' }).click();
  await expect(title(page)).toHaveText(fourth!);
  await bar(page).getByRole('button', { name: 'Next' }).click();
  await expect(title(page)).toHaveText(third!);

  // Played now from the queue.
  const again = await openQueue(page);
  await again.getByRole('button', { name: `Play ${first} The Test Tones` }).click();
  await expect(again.getByRole('region', { name: 'Now playing' })).toContainText(first!);
  // Focus stays in the panel (on the track that now plays next): Escape closes it.
  await expect(again.getByRole('button', { name: `Play ${current} The Test Tones` })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(title(page)).toHaveText(first!);
});

test("Music's Play next and Add to queue, and Home's Play next, shape what plays next", async ({
  page,
}) => {
  await playing(page);
  const current = await title(page).innerText();
  const others = tracks.map((track) => track.title).filter((name) => name !== current);
  const [a, b, c] = others.slice(-3);

  const music = await openMusicTab(page);
  const choose = async (name: string, action: 'Play next' | 'Add to queue', check = false) => {
    await music
      .row(name)
      .getByRole('button', { name: `More actions for ${name}` })
      .click();
    await expect(page.getByRole('menuitem', { name: action })).toBeVisible();
    if (check) await expectAccessible(page, "a Music row's More actions");
    await page.getByRole('menuitem', { name: action }).click();
  };
  await choose(a!, 'Add to queue', true);
  await expect(page.getByText(`“${a}” was added to the queue.`)).toBeVisible();
  await choose(b!, 'Add to queue');
  await choose(c!, 'Play next');
  await expect(page.getByText(`“${c}” will play next.`)).toBeVisible();
  const queue = await openQueue(page);
  await expect.poll(async () => (await upNextOrder(queue)).slice(0, 3)).toEqual([c, a, b]);
  await queue.getByRole('button', { name: 'Close the queue' }).click();

  await page.getByRole('tab', { name: 'Home' }).click();
  const cards = page.getByRole('region', { name: 'Queue' });
  await cards.getByRole('button', { name: `Play next ${b} The Test Tones` }).click();
  const again = await openQueue(page);
  await expect.poll(async () => (await upNextOrder(again)).slice(0, 3)).toEqual([b, c, a]);
  await again.getByRole('button', { name: 'Close the queue' }).click();

  // Auto-play follows: the current track ends (seeked to its last second), the next starts.
  await bar(page).getByRole('slider', { name: 'Seek' }).focus();
  await page.keyboard.press('End');
  await expect(title(page)).toHaveText(b!);
});

test("Home's cards show the playing track, then the tracks that will play next, in the Queue's order", async ({
  page,
}) => {
  await playing(page);
  const current = await title(page).innerText();
  const panel = await openQueue(page);
  await expect.poll(() => upNextOrder(panel)).toHaveLength(4);
  const next = await upNextOrder(panel);
  await panel.getByRole('button', { name: 'Close the queue' }).click();

  const cards = page.getByRole('region', { name: 'Queue' }).getByRole('listitem');
  const shown = () =>
    cards.evaluateAll((items) => items.map((item) => item.querySelector('p')?.textContent));
  await expect.poll(shown).toEqual([current, ...next]);

  // Once the next track plays, the one before has played: it comes last, not first.
  await bar(page).getByRole('button', { name: 'Next' }).click();
  await expect(title(page)).toHaveText(next[0]!);
  await expect.poll(shown).toEqual([...next, current]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the whole player opens the Queue over the whole screen, and nothing scrolls sideways', async ({
    page,
  }) => {
    await playing(page);
    await bar(page).getByRole('button', { name: 'Show the whole player' }).click();
    const queue = await openQueue(page);
    const box = await queue.boundingBox();
    expect(box?.width).toBe(390);
    await expect.poll(() => upNextOrder(queue)).toHaveLength(4);
    const [first] = await upNextOrder(queue);
    await queue
      .getByRole('listitem', { name: `${first} by The Test Tones` })
      .getByRole('button', { name: 'Remove from queue' })
      .tap();
    await expect.poll(() => upNextOrder(queue)).toHaveLength(3);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await expectAccessible(page, 'the Queue on a phone');
  });
});
