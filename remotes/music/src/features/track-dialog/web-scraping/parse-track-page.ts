import type { Track } from '@loofi/shared/contracts';
import { toTrack } from '../../../lib/track-candidate';

/** Elements whose text is code or styling, never a title or an artist. */
const NOT_TEXT = 'script, style, template, noscript';

const TAG = /<[a-z][^>]*>/gi;
const HANDLER = /([\s/])on([a-z]+\s*=)/gi;

/**
 * Renames the `on…=` attributes inside tags to `data-on…=`. Chromium checks an inline
 * event handler against the page's Content-Security-Policy as soon as it is parsed, even
 * into an inert document, and reports every one as a violation although nothing runs: a
 * scraped page full of onclick attributes would flood the console. Safety does not rest on
 * this (the parsed document runs nothing, and the CSP forbids inline code anyway), so a tag
 * this quick pass misreads, such as one with '>' inside a quoted value, is only noise.
 */
export function quietEventHandlers(html: string): string {
  return html.replace(TAG, (tag) => tag.replace(HANDLER, '$1data-on$2'));
}

/**
 * SPEC §7: the tracks of a page, read from its `.track-item` elements (`.title`, `.artist`,
 * `audio` or `audio source` src, `img` src). The page is parsed with DOMParser into an inert
 * document: its scripts never run, its images never load (so no `onerror` fires), and only
 * attribute text is read. Relative addresses resolve against the page's own URL; anything
 * but http(s) is dropped, and so is a track without a title, an author or an audio address.
 */
export function parseTrackPage(html: string, pageUrl: string): Track[] {
  const page = new DOMParser().parseFromString(quietEventHandlers(html), 'text/html');
  for (const element of page.querySelectorAll(NOT_TEXT)) element.remove();
  const tracks: Track[] = [];
  for (const item of page.querySelectorAll('.track-item')) {
    const audio =
      item.querySelector('audio[src]')?.getAttribute('src') ??
      item.querySelector('audio source[src]')?.getAttribute('src');
    const track = toTrack(
      {
        title: item.querySelector('.title')?.textContent,
        author: item.querySelector('.artist')?.textContent,
        audio,
        image: item.querySelector('img[src]')?.getAttribute('src'),
      },
      pageUrl,
    );
    if (track) tracks.push(track);
  }
  return tracks;
}
