import { describe, expect, it } from 'vitest';
import { plainTrack, sameTrack, showsNothing, trackIdentity, visibleText } from './track';
import type { StoredTrack } from './track';

describe('trackIdentity', () => {
  it('ignores case and surrounding spaces of the title and the author', () => {
    expect(trackIdentity({ title: '  Rainy  Window ', author: 'LOFI Cat' })).toBe(
      trackIdentity({ title: 'rainy  window', author: 'lofi cat  ' }),
    );
  });

  it('keeps title and author apart', () => {
    expect(trackIdentity({ title: 'a b', author: 'c' })).not.toBe(
      trackIdentity({ title: 'a', author: 'b c' }),
    );
  });

  it('tells different music apart', () => {
    expect(trackIdentity({ title: 'Rain', author: 'Cat' })).not.toBe(
      trackIdentity({ title: 'Rain', author: 'Dog' }),
    );
  });

  it('ignores invisible characters and how many spaces separate the words', () => {
    expect(trackIdentity({ title: 'Rainy\u200B Window', author: 'Lofi\u00A0\u00A0Cat' })).toBe(
      trackIdentity({ title: 'rainy window', author: 'lofi cat' }),
    );
    expect(trackIdentity({ title: 'Ｒａｉｎ', author: 'Cat\uFEFF' })).toBe(
      trackIdentity({ title: 'Rain', author: 'Cat' }),
    );
  });
});

describe('visibleText', () => {
  it('is empty for a text made only of invisible characters', () => {
    expect(visibleText('\u200B\u200C\u200D\u2060\uFEFF\u00AD ')).toBe('');
  });
});

describe('showsNothing', () => {
  it('is true for nothing, spaces and invisible characters, false for any visible text', () => {
    expect(showsNothing('')).toBe(true);
    expect(showsNothing(' \u200B\uFEFF\u00AD ')).toBe(true);
    expect(showsNothing('\u200Ba')).toBe(false);
  });
});

describe('sameTrack and plainTrack', () => {
  const stored: StoredTrack = {
    title: 'Rain',
    author: 'Cat',
    audio: 'https://x.example/rain.mp3',
    image: '',
    key: '7',
  };

  it('are the same track when they play the same audio, whatever else differs', () => {
    expect(sameTrack(stored, { ...stored, title: 'Other' })).toBe(true);
    expect(sameTrack(stored, { ...stored, audio: 'https://x.example/snow.mp3' })).toBe(false);
    expect(sameTrack(stored, null)).toBe(false);
    expect(sameTrack(null, null)).toBe(false);
  });

  it('keeps the four fields of a track and drops the library key', () => {
    expect(plainTrack(stored)).toEqual({
      title: 'Rain',
      author: 'Cat',
      audio: 'https://x.example/rain.mp3',
      image: '',
    });
  });
});
