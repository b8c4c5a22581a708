import { describe, expect, it } from 'vitest';
import { describeSkipped, httpUrl, readCandidate, toTrack } from './track-candidate';

describe('readCandidate', () => {
  const base = 'https://music.example.org/list';
  it('says why a candidate is no track', () => {
    expect(readCandidate({ title: 'Rain', author: 'Cat' }, base)).toEqual({
      skipped: 'incomplete',
    });
    expect(readCandidate({ title: '\u200b', author: 'Cat', audio: '/a.mp3' }, base)).toEqual({
      skipped: 'incomplete',
    });
    expect(
      readCandidate({ title: 'Rain', author: 'Cat', audio: 'javascript:alert(1)' }, base),
    ).toEqual({ skipped: 'unplayable' });
    expect(
      readCandidate({ title: 'Rain', author: 'Cat', audio: `/${'a'.repeat(3000)}.mp3` }, base),
    ).toEqual({ skipped: 'tooLong' });
    expect(readCandidate({ title: 'x'.repeat(201), author: 'Cat', audio: '/a.mp3' }, base)).toEqual(
      { skipped: 'tooLong' },
    );
    expect(
      readCandidate({ title: 'Rain', author: '😀'.repeat(200), audio: '/a.mp3' }, base),
    ).toMatchObject({ track: { author: '😀'.repeat(200) } });
    expect(readCandidate({ title: 'Rain', author: 'Cat', audio: '/a.mp3' }, base)).toEqual({
      track: { title: 'Rain', author: 'Cat', audio: 'https://music.example.org/a.mp3', image: '' },
    });
  });

  it('words what was skipped for a summary', () => {
    expect(describeSkipped({ incomplete: 1, unplayable: 2, tooLong: 0 })).toEqual([
      '1 entry missing its title, author or audio',
      '2 entries whose audio cannot play here',
    ]);
    expect(describeSkipped({ incomplete: 2, unplayable: 0, tooLong: 1 })).toEqual([
      '2 entries missing their title, author or audio',
      '1 entry with a name or address too long to keep',
    ]);
    expect(describeSkipped({ incomplete: 0, unplayable: 0, tooLong: 3 })).toEqual([
      '3 entries with a name or address too long to keep',
    ]);
  });
});

describe('httpUrl', () => {
  it('keeps absolute addresses that can play here: https, and http on loopback', () => {
    expect(httpUrl('https://cdn.example.org/a.mp3')).toBe('https://cdn.example.org/a.mp3');
    expect(httpUrl(' https://example.org/a b.mp3 ')).toBe('https://example.org/a%20b.mp3');
    expect(httpUrl('http://localhost:4000/a.mp3')).toBe('http://localhost:4000/a.mp3');
  });

  it('drops plain http elsewhere, which the site would refuse to load', () => {
    expect(httpUrl('http://example.org/a.mp3')).toBeNull();
    expect(httpUrl('/a.mp3', 'http://example.org/list')).toBeNull();
  });

  it('resolves relative addresses against the page', () => {
    const page = 'https://music.example.org/lists/chill.html';
    expect(httpUrl('../audio/1.mp3', page)).toBe('https://music.example.org/audio/1.mp3');
    expect(httpUrl('/covers/1.jpg', page)).toBe('https://music.example.org/covers/1.jpg');
    expect(httpUrl('//other.example.org/x.mp3', page)).toBe('https://other.example.org/x.mp3');
  });

  it('drops every other scheme and what is no address at all', () => {
    const page = 'https://example.org/';
    for (const value of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:audio/mp3;base64,AAAA',
      'blob:https://example.org/1234',
      'file:///etc/passwd',
      'ftp://example.org/a.mp3',
      '',
      '   ',
      null,
      undefined,
    ]) {
      expect(httpUrl(value, page), String(value)).toBeNull();
    }
    expect(httpUrl('relative/without/base.mp3')).toBeNull();
  });
});

describe('toTrack', () => {
  const page = 'https://example.org/list/';

  it('needs a title, an author and an audio address', () => {
    expect(toTrack({ title: 'A', author: 'B', audio: 'a.mp3' }, page)).toEqual({
      title: 'A',
      author: 'B',
      audio: 'https://example.org/list/a.mp3',
      image: '',
    });
    expect(toTrack({ title: ' ', author: 'B', audio: 'a.mp3' }, page)).toBeNull();
    expect(toTrack({ title: 'A', author: null, audio: 'a.mp3' }, page)).toBeNull();
    expect(toTrack({ title: 'A', author: 'B' }, page)).toBeNull();
    expect(toTrack({ title: 'A', author: 'B', audio: 'javascript:alert(1)' }, page)).toBeNull();
  });

  it('tidies the spaces of text and drops an unusable image but keeps the track', () => {
    expect(
      toTrack({ title: '\n  Slow \t Rain ', author: 'Cat', audio: 'a.mp3', image: 'data:x' }, page),
    ).toEqual({
      title: 'Slow Rain',
      author: 'Cat',
      audio: 'https://example.org/list/a.mp3',
      image: '',
    });
  });

  it('leaves out what the library would refuse, such as a 300-character title', () => {
    expect(toTrack({ title: 'x'.repeat(300), author: 'B', audio: 'a.mp3' }, page)).toBeNull();
  });
});
