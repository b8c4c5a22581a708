import { describe, expect, it } from 'vitest';
import {
  InvalidTrackError,
  isPlayableMediaUrl,
  isSafeMediaUrl,
  readStoredTrack,
  validateTrack,
} from './track-validation';

const track = {
  title: ' Rain ',
  author: 'Lo Fi',
  audio: 'https://cdn.example.org/rain.mp3',
  image: '/demo/rain.svg',
};

describe('isSafeMediaUrl', () => {
  it.each(['https://a.example/x.mp3', 'http://localhost:3000/a.wav', '/demo/a.wav'])(
    'accepts %s',
    (url) => expect(isSafeMediaUrl(url)).toBe(true),
  );

  it.each([
    'javascript:alert(1)',
    'data:audio/wav;base64,AAAA',
    '//evil.example/a.mp3',
    '/\\evil.example',
    '/\t/evil.example/a.mp3',
    'https://example.org/a b.mp3',
    'ftp://example.org/a.mp3',
    'demo/relative.wav',
    '',
    `https://example.org/${'a'.repeat(3000)}`,
  ])('refuses %s', (url) => expect(isSafeMediaUrl(url)).toBe(false));
});

describe('isPlayableMediaUrl', () => {
  it.each([
    'https://a.example/x.mp3',
    'http://localhost:3000/a.wav',
    'http://127.0.0.1/a',
    '/a.wav',
  ])('accepts %s, which the site lets play', (url) => expect(isPlayableMediaUrl(url)).toBe(true));

  it.each(['http://cdn.example.org/a.mp3', 'http://localhost.evil.example/a.mp3', 'javascript:x'])(
    'refuses %s, which the site would block',
    (url) => expect(isPlayableMediaUrl(url)).toBe(false),
  );
});

describe('validateTrack', () => {
  it('refuses a plain http address the site could not play, and still reads a stored one', () => {
    const http = { ...track, audio: 'http://cdn.example.org/rain.mp3' };
    expect(() => validateTrack(http)).toThrow(
      'The audio address must be an https URL or a path on this site.',
    );
    expect(readStoredTrack(http)).toEqual({ track: http });
  });

  it('trims and keeps a good track', () => {
    expect(validateTrack(track)).toEqual({ ...track, title: 'Rain' });
  });

  it('names the field that is wrong', () => {
    expect(() => validateTrack({ ...track, audio: 'javascript:alert(1)' })).toThrow(
      new InvalidTrackError('The audio address must be an https URL or a path on this site.'),
    );
    expect(() => validateTrack({ ...track, author: '  ' })).toThrow('The author is missing.');
    expect(() =>
      validateTrack({ ...track, audio: `https://example.org/${'a'.repeat(20_000)}.mp3` }),
    ).toThrow('The audio address is longer than 2048 characters.');
    expect(() => validateTrack({ ...track, image: 'data:image/png;base64,AA' })).toThrow(
      'The image address',
    );
  });

  it('counts a title or author in characters, an emoji as one', () => {
    expect(validateTrack({ ...track, title: '😀'.repeat(200) }).title).toBe('😀'.repeat(200));
    expect(() => validateTrack({ ...track, author: '😀'.repeat(201) })).toThrow(
      'The author is longer than 200 characters.',
    );
  });

  it('allows a track without an image', () => {
    expect(validateTrack({ ...track, image: '' }).image).toBe('');
  });
});

describe('readStoredTrack', () => {
  it('reads a stored track and explains a corrupt one', () => {
    expect(readStoredTrack(track)).toEqual({ track });
    expect(readStoredTrack(null)).toEqual({ problem: 'not an object' });
    expect(readStoredTrack({ ...track, author: 7 })).toEqual({ problem: 'author is not a string' });
    expect(readStoredTrack({ ...track, audio: 'javascript:x' })).toMatchObject({
      problem: expect.stringContaining('audio'),
    });
  });
});
