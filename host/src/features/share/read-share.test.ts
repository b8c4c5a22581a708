import { describe, expect, it } from 'vitest';
import { readShare } from './read-share';

const read = (params: Record<string, string>) => readShare(new URLSearchParams(params));

describe('readShare', () => {
  it.each([
    'https://cdn.example.org/tracks/rain.mp3',
    'https://cdn.example.org/tracks/Rain.OGG?download=1',
    'http://127.0.0.1:8080/a.wav#t=3',
    'https://example.org/sets/dusk.m4a',
  ])('takes %s for an audio file, by its extension', (url) => {
    expect(read({ url, title: ' Rain ' })).toEqual({
      kind: 'link',
      url: new URL(url).href,
      title: 'Rain',
      audio: true,
    });
  });

  it.each([
    'https://example.org/playlist',
    'https://example.org/mp3',
    'https://example.org/rain.mp3.html',
    'https://example.org/stream?file=rain.mp3',
  ])('takes %s for a page, which only its content type may show to be audio', (url) => {
    expect(read({ url })).toEqual({ kind: 'link', url, title: '', audio: false });
  });

  it('finds the link in the text when `url` is empty, as Android apps send it', () => {
    expect(
      read({ url: '', text: 'Listen to this: https://example.org/sets/chill.', title: 'Chill' }),
    ).toEqual({
      kind: 'link',
      url: 'https://example.org/sets/chill',
      title: 'Chill',
      audio: false,
    });
    expect(read({ text: '(see https://example.org/a.mp3)' })).toMatchObject({
      url: 'https://example.org/a.mp3',
      audio: true,
    });
  });

  it("prefers `url`'s link to the text's, and takes the first of several", () => {
    expect(read({ url: 'https://example.org/one', text: 'https://example.org/two' })).toMatchObject(
      { url: 'https://example.org/one' },
    );
    expect(
      read({ text: 'ftp://example.org/x then https://example.org/b and https://example.org/c' }),
    ).toMatchObject({ url: 'https://example.org/b' });
  });

  it.each([
    { url: 'javascript:alert(1)', text: '' },
    { url: 'ftp://files.example.org/rain.mp3', text: '' },
    { url: 'data:audio/wav;base64,UklGRg==', text: 'no link here' },
    { url: '', text: 'ftp://files.example.org/rain.mp3' },
  ])('says $url$text is no http(s) link, and takes nothing', ({ url, text }) => {
    expect(read({ url, text })).toEqual({ kind: 'not-http', url: url || text });
  });

  it.each<Record<string, string>>([
    {},
    { url: '', text: '', title: 'Nothing' },
    { text: 'just some words: no link' },
  ])('finds no link in %o', (params) => expect(read(params)).toEqual({ kind: 'none' }));
});
