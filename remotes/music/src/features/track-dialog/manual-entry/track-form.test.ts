import { describe, expect, it } from 'vitest';
import { EMPTY_FIELDS, fieldErrors, HTTP_RULE, trimFields } from './track-form';

const valid = {
  title: 'Rain',
  author: 'Cat',
  audio: 'https://example.org/rain.mp3',
  image: '/covers/rain.png',
};

describe('fieldErrors', () => {
  it('says an address over the limit is too long, rather than not an address', () => {
    const audio = `https://example.org/${'a'.repeat(20_000)}.mp3`;
    expect(fieldErrors({ ...valid, audio, image: audio })).toEqual({
      audio: `This address is too long (${audio.length} characters): keep it within 2048.`,
      image: `This address is too long (${audio.length} characters): keep it within 2048.`,
    });
  });

  it('accepts a complete track, with or without an image', () => {
    expect(fieldErrors(valid)).toEqual({});
    expect(fieldErrors({ ...valid, image: '' })).toEqual({});
  });

  it('asks for the title, the author and the audio address', () => {
    expect(Object.keys(fieldErrors(EMPTY_FIELDS))).toEqual(['title', 'author', 'audio']);
    expect(fieldErrors({ ...valid, title: '   ' }).title).toBe('Enter the title.');
  });

  it('refuses addresses that are not https or a path on this site', () => {
    const rule = 'Enter an https address or a path on this site.';
    expect(fieldErrors({ ...valid, audio: 'javascript:alert(1)' }).audio).toBe(rule);
    expect(fieldErrors({ ...valid, image: 'data:image/png;base64,AA' }).image).toBe(rule);
    // Plain http would be stored and then blocked by the site's security policy: it says so.
    expect(fieldErrors({ ...valid, audio: 'http://cdn.example.org/a.mp3' }).audio).toBe(HTTP_RULE);
    expect(fieldErrors({ ...valid, image: 'HTTP://192.168.1.20/a.png' }).image).toBe(HTTP_RULE);
    expect(fieldErrors({ ...valid, audio: '//evil.example/a.mp3' }).audio).toBeDefined();
  });

  it('refuses text longer than the library keeps, counting an emoji as one character', () => {
    expect(fieldErrors({ ...valid, author: 'x'.repeat(201) }).author).toBe(
      'Keep the author within 200 characters.',
    );
    expect(fieldErrors({ ...valid, title: '😀'.repeat(200) }).title).toBeUndefined();
    expect(fieldErrors({ ...valid, title: '😀'.repeat(201) }).title).toBe(
      'Keep the title within 200 characters.',
    );
  });
});

describe('trimFields', () => {
  it('trims every field', () => {
    expect(trimFields({ title: ' a ', author: ' b', audio: 'c ', image: ' ' })).toEqual({
      title: 'a',
      author: 'b',
      audio: 'c',
      image: '',
    });
  });
});
