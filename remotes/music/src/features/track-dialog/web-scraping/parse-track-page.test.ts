import { describe, expect, it, vi } from 'vitest';
import { parseTrackPage } from './parse-track-page';

const PAGE = 'https://music.example.org/lists/chill.html';

const item = (inner: string) => `<div class="track-item">${inner}</div>`;

describe('parseTrackPage', () => {
  it('reads title, artist, audio src and img src of each .track-item', async () => {
    const html = `<!doctype html><html><body><main>
      ${item(`<h3 class="title"> Rainy Window </h3><p class="artist">Lofi Cat</p>
        <audio src="https://cdn.example.org/rain.mp3"></audio><img src="https://cdn.example.org/rain.jpg">`)}
      ${item(`<span class="title">Coffee</span><span class="artist">Bean</span>
        <audio controls><source src="/audio/coffee.ogg" type="audio/ogg"></audio>
        <img src="../covers/coffee.png" alt="">`)}
    </main></body></html>`;
    expect(await parseTrackPage(html, PAGE)).toEqual([
      {
        title: 'Rainy Window',
        author: 'Lofi Cat',
        audio: 'https://cdn.example.org/rain.mp3',
        image: 'https://cdn.example.org/rain.jpg',
      },
      {
        title: 'Coffee',
        author: 'Bean',
        audio: 'https://music.example.org/audio/coffee.ogg',
        image: 'https://music.example.org/covers/coffee.png',
      },
    ]);
  });

  it('leaves out items without a title, an artist or an audio address; keeps those without an image', async () => {
    const html = [
      item('<p class="artist">No title</p><audio src="a.mp3"></audio>'),
      item('<p class="title">No artist</p><audio src="b.mp3"></audio>'),
      item('<p class="title">No audio</p><p class="artist">X</p><img src="c.jpg">'),
      item('<p class="title">   </p><p class="artist">Blank title</p><audio src="d.mp3"></audio>'),
      item('<p class="title">Kept</p><p class="artist">Y</p><audio src="e.mp3"></audio>'),
    ].join('');
    expect(await parseTrackPage(html, PAGE)).toEqual([
      { title: 'Kept', author: 'Y', audio: 'https://music.example.org/lists/e.mp3', image: '' },
    ]);
  });

  it('finds nothing on a page without .track-item elements', async () => {
    expect(await parseTrackPage('<p class="title">Lonely</p>', PAGE)).toEqual([]);
    expect(await parseTrackPage('', PAGE)).toEqual([]);
    expect(await parseTrackPage('not even <html', PAGE)).toEqual([]);
  });

  describe('on a hostile page', () => {
    // That its scripts and handlers never run is proven in Chromium (e2e/music-sources.spec.ts):
    // happy-dom runs no page scripts at all, so a check here could not fail.
    it('takes only text and addresses from scripts, handlers and frames', async () => {
      const html = `
        <script>globalThis.__scraped = 'script ran'</script>
        <img src="x" onerror="globalThis.__scraped = 'onerror ran'">
        <svg onload="globalThis.__scraped = 'onload ran'"></svg>
        <iframe srcdoc="<script>parent.__scraped = 'iframe ran'</script>"></iframe>
        ${item(`<p class="title">Safe<script>globalThis.__scraped = 'inner script ran'</script></p>
          <p class="artist" onclick="globalThis.__scraped = 'click'">Artist</p>
          <audio src="ok.mp3" onerror="globalThis.__scraped = 'audio onerror ran'"></audio>
          <img src="broken.png" onerror="globalThis.__scraped = 'img onerror ran'">`)}`;
      // The text of a script is no part of a title.
      expect(await parseTrackPage(html, PAGE)).toEqual([
        {
          title: 'Safe',
          author: 'Artist',
          audio: 'https://music.example.org/lists/ok.mp3',
          image: 'https://music.example.org/lists/broken.png',
        },
      ]);
    });

    it('drops javascript:, data: and other addresses that are not http(s)', async () => {
      const html = [
        item(
          '<p class="title">JS</p><p class="artist">A</p><audio src="javascript:alert(1)"></audio>',
        ),
        item(
          '<p class="title">Data</p><p class="artist">A</p><audio src="data:audio/mp3;base64,SUQz"></audio>',
        ),
        item(
          '<p class="title">Sneaky</p><p class="artist">A</p><audio src=" jav&#x09;ascript:alert(1)"></audio>',
        ),
        item(
          '<p class="title">Image only bad</p><p class="artist">A</p><audio src="https://cdn.example.org/ok.mp3"></audio><img src="javascript:alert(1)">',
        ),
        item(
          '<p class="title">Data image</p><p class="artist">A</p><audio src="https://cdn.example.org/ok2.mp3"></audio><img src="data:image/svg+xml,<svg onload=alert(1)>">',
        ),
      ].join('');
      expect(await parseTrackPage(html, PAGE)).toEqual([
        {
          title: 'Image only bad',
          author: 'A',
          audio: 'https://cdn.example.org/ok.mp3',
          image: '',
        },
        { title: 'Data image', author: 'A', audio: 'https://cdn.example.org/ok2.mp3', image: '' },
      ]);
    });

    it('keeps markup in titles as plain text', async () => {
      const html = item(
        '<p class="title">&lt;img src=x onerror=alert(1)&gt;</p><p class="artist"><b>Bold</b> Artist</p><audio src="a.mp3"></audio>',
      );
      expect((await parseTrackPage(html, PAGE))[0]).toMatchObject({
        title: '<img src=x onerror=alert(1)>',
        author: 'Bold Artist',
      });
    });

    it('reads a 5 MB page', async () => {
      const filler = `<div class="filler">${'lorem ipsum dolor sit amet '.repeat(40)}</div>`;
      const items = Array.from({ length: 200 }, (_value, index) =>
        item(
          `<p class="title">Track ${index}</p><p class="artist">Artist</p><audio src="/a/${index}.mp3"></audio>`,
        ),
      );
      // The tracks spread through the page, the filler making it up to 5 MB.
      const chunks = items.flatMap((entry) => [entry, filler, filler]);
      let size = chunks.reduce((total, chunk) => total + chunk.length, 0);
      for (; size < 5 * 1024 * 1024; size += filler.length) chunks.push(filler);
      const html = `<html><body>${chunks.join('')}</body></html>`;
      expect(html.length).toBeGreaterThanOrEqual(5 * 1024 * 1024);
      const tracks = await parseTrackPage(html, PAGE);
      expect(tracks).toHaveLength(200);
      expect(tracks[199]).toMatchObject({
        title: 'Track 199',
        audio: 'https://music.example.org/a/199.mp3',
      });
    });

    it('reads 100,000 nested elements without running out of stack, in linear time', async () => {
      const depth = 100_000;
      const html =
        '<div class="track-item">'.repeat(depth) +
        '<p class="title">Deep</p><p class="artist">Down</p><audio src="deep.mp3"></audio>' +
        '</div>'.repeat(depth);
      const tracks = await parseTrackPage(html, PAGE);
      // Every nested item sees the one title, artist and audio inside it.
      expect(tracks).toHaveLength(depth);
      expect(tracks[0]).toMatchObject({ title: 'Deep', author: 'Down' });
    });

    it('creates no element while reading 10,000 items with audio', async () => {
      const created = vi.spyOn(document, 'createElement');
      const html = Array.from({ length: 10_000 }, (_value, index) =>
        item(
          `<p class="title">T${index}</p><p class="artist">A</p><audio src="/${index}.mp3"></audio>`,
        ),
      ).join('');
      expect(await parseTrackPage(html, PAGE)).toHaveLength(10_000);
      expect(created).not.toHaveBeenCalled();
      created.mockRestore();
    });

    it('gives the browser a turn between slices, and stops between them when cancelled', async () => {
      const html = item('<p class="title">T</p>').repeat(20_000);
      const timers = vi.spyOn(globalThis, 'setTimeout');
      await parseTrackPage(html, PAGE);
      expect(timers.mock.calls.length).toBeGreaterThan(10);
      timers.mockRestore();

      const controller = new AbortController();
      const parsing = parseTrackPage(html, PAGE, { signal: controller.signal });
      controller.abort(new Error('cancelled by the owner'));
      await expect(parsing).rejects.toThrow('cancelled by the owner');
    });
  });
});
