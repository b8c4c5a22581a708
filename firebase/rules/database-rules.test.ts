import targaryen from 'targaryen';
import type { TargaryenDatabase } from 'targaryen';
import { describe, expect, it } from 'vitest';
import { databaseRules } from './rules-source';
import { accounts, deniedAccounts, tokenClaims, TEST_WHITELIST } from './test-accounts';
import type { TestAccount } from './test-accounts';

const rules = databaseRules(TEST_WHITELIST);

const track = {
  title: 'Snowfall',
  author: 'Øneheart',
  audio: 'https://cdn.example.org/snowfall.mp3',
  image: 'https://cdn.example.org/snowfall.jpg',
};
const otherTrack = {
  title: 'Rainy Night',
  author: 'Lofi Cat',
  audio: '/music/rainy-night.mp3',
  image: '',
};
const library = { 'loofi-music': { 0: track, 1: otherTrack } };

function as(user: TestAccount | null): TargaryenDatabase {
  const auth = user ? { uid: user.uid, provider: user.provider, token: tokenClaims(user) } : null;
  return targaryen.database(rules, library).as(auth);
}

const owner = (): TargaryenDatabase => as(accounts.owner);

describe('Realtime Database rules: who may touch loofi-music', () => {
  it('lets the whitelisted, verified Google owner read the list and one entry', () => {
    expect(owner().read('/loofi-music').allowed).toBe(true);
    expect(owner().read('/loofi-music/0').allowed).toBe(true);
  });

  it('lets the owner add, update and delete an entry by index', () => {
    expect(owner().write('/loofi-music/2', track).allowed).toBe(true);
    expect(owner().write('/loofi-music/0', otherTrack).allowed).toBe(true);
    expect(owner().write('/loofi-music/1', null).allowed).toBe(true);
  });

  it('refuses a whole-list write, even from the owner: entries are written one by one', () => {
    expect(owner().write('/loofi-music', [track, null, otherTrack, track]).allowed).toBe(false);
    expect(owner().write('/loofi-music', null).allowed).toBe(false);
  });

  it('lets the owner claim indexes on the next-index counter, a whole number', () => {
    expect(owner().read('/loofi-music-next').allowed).toBe(true);
    expect(owner().write('/loofi-music-next', 7).allowed).toBe(true);
    expect(owner().write('/loofi-music-next', 0).allowed).toBe(true);
    expect(owner().write('/loofi-music-next', -1).allowed).toBe(false);
    expect(owner().write('/loofi-music-next', 6.5).allowed).toBe(false);
    expect(owner().write('/loofi-music-next', 'seven').allowed).toBe(false);
  });

  it('lets the owner claim and release music by its hashed identity', () => {
    const key = '/loofi-music-identities/0123456789abcdef0123456789ab';
    expect(owner().read('/loofi-music-identities').allowed).toBe(true);
    expect(owner().write(key, { index: 3, at: 1_700_000_000_000 }).allowed).toBe(true);
    expect(owner().write(key, null).allowed).toBe(true);
    expect(owner().write(key, { index: -1, at: 1 }).allowed).toBe(false);
    expect(owner().write(key, { index: 3 }).allowed).toBe(false);
    expect(owner().write(key, { index: 3, at: 1, note: 'x' }).allowed).toBe(false);
    expect(owner().write('/loofi-music-identities/Not-A-Hash', { index: 3, at: 1 }).allowed).toBe(
      false,
    );
    expect(owner().write('/loofi-music-identities', { a: 1 }).allowed).toBe(false);
  });

  it('accepts a whitelisted address that needs quoting in the rules', () => {
    const database = as(accounts.secondOwner);
    expect(database.read('/loofi-music').allowed).toBe(true);
    expect(database.write('/loofi-music/2', track).allowed).toBe(true);
  });

  it('refuses an anonymous visitor', () => {
    const database = as(null);
    expect(database.read('/loofi-music').allowed).toBe(false);
    expect(database.read('/loofi-music/0').allowed).toBe(false);
    expect(database.write('/loofi-music/2', track).allowed).toBe(false);
    expect(database.write('/loofi-music/0', null).allowed).toBe(false);
  });

  it.each(deniedAccounts)('refuses %s', (_reason, user) => {
    const database = as(user);
    expect(database.read('/loofi-music').allowed).toBe(false);
    expect(database.read('/loofi-music/0').allowed).toBe(false);
    expect(database.write('/loofi-music/2', track).allowed).toBe(false);
    expect(database.write('/loofi-music/0', null).allowed).toBe(false);
    expect(database.write('/loofi-music', [track]).allowed).toBe(false);
    expect(database.read('/loofi-music-next').allowed).toBe(false);
    expect(database.write('/loofi-music-next', 9).allowed).toBe(false);
    expect(database.read('/loofi-music-identities').allowed).toBe(false);
    expect(
      database.write('/loofi-music-identities/0123456789abcdef0123456789ab', { index: 1, at: 1 })
        .allowed,
    ).toBe(false);
  });

  it('denies everything outside loofi-music, even to the owner', () => {
    expect(owner().read('/').allowed).toBe(false);
    expect(owner().write('/', library).allowed).toBe(false);
    expect(owner().read('/other').allowed).toBe(false);
    expect(owner().write('/other', 'x').allowed).toBe(false);
    expect(owner().write('/loofi-dashboard/owner-token', { token: 'x' }).allowed).toBe(false);
  });
});

describe('Realtime Database rules: what a track entry may hold', () => {
  const write = (value: unknown, index = '2'): boolean =>
    owner().write(`/loofi-music/${index}`, value).allowed;

  it('accepts http(s) URLs in any letter case, site paths and an empty image', () => {
    expect(write({ ...track, audio: 'http://cdn.example.org/a.mp3' })).toBe(true);
    expect(write({ ...track, audio: 'HTTPS://cdn.example.org/a.mp3' })).toBe(true);
    expect(write({ ...track, audio: '/music/a.mp3', image: '/covers/a.jpg' })).toBe(true);
    expect(write({ ...track, image: '' })).toBe(true);
  });

  it('accepts the longest title, author and URLs allowed', () => {
    const url = `https://cdn.example.org/${'a'.repeat(2048 - 24)}`;
    expect(url).toHaveLength(2048);
    expect(write({ ...track, title: 't'.repeat(200), author: 'a'.repeat(200) })).toBe(true);
    expect(write({ ...track, audio: url, image: url })).toBe(true);
  });

  it.each([
    ['an extra field', { ...track, lyrics: 'la la' }],
    ['a missing image', { title: track.title, author: track.author, audio: track.audio }],
    ['a missing title', { author: track.author, audio: track.audio, image: track.image }],
    ['a number as title', { ...track, title: 42 }],
    ['a boolean as author', { ...track, author: true }],
    ['an object as audio', { ...track, audio: { url: track.audio } }],
    ['a number as image', { ...track, image: 7 }],
    ['an empty title', { ...track, title: '' }],
    ['a blank author', { ...track, author: '   ' }],
    ['a 201-character title', { ...track, title: 't'.repeat(201) }],
    ['a 201-character author', { ...track, author: 'a'.repeat(201) }],
    ['an empty audio URL', { ...track, audio: '' }],
    ['a javascript: audio URL', { ...track, audio: 'javascript:alert(1)' }],
    ['a javascript: image URL', { ...track, image: 'javascript:alert(document.cookie)' }],
    ['a data: image URL', { ...track, image: 'data:image/svg+xml,<svg onload=alert(1)>' }],
    ['a protocol-relative audio URL', { ...track, audio: '//evil.example/a.mp3' }],
    ['a backslash-relative image URL', { ...track, image: '/\\evil.example/a.jpg' }],
    ['an https URL without a host', { ...track, audio: 'https:///a.mp3' }],
    // Browsers drop tabs and newlines from URLs, which turns this into //evil.example.
    [
      'a site path that hides a second slash behind a tab',
      { ...track, audio: '/\t/evil.example/a.mp3' },
    ],
    ['a URL with leading whitespace', { ...track, audio: ' https://cdn.example.org/a.mp3' }],
    ['a relative path without a leading slash', { ...track, audio: 'music/a.mp3' }],
    ['a 2049-character audio URL', { ...track, audio: `https://x.example/${'a'.repeat(2031)}` }],
    ['a 2049-character image path', { ...track, image: `/${'a'.repeat(2048)}` }],
    ['a string instead of an entry', 'Snowfall'],
    ['a number instead of an entry', 3],
  ])('refuses %s', (_reason, value) => {
    expect(write(value)).toBe(false);
  });

  it.each(['abc', '-1', '01', '1e3'])('refuses the non-index key %j', (key) => {
    expect(write(track, key)).toBe(false);
  });

  it('refuses changing one field of an entry into something invalid', () => {
    expect(owner().write('/loofi-music/0/title', 'New title').allowed).toBe(true);
    expect(owner().write('/loofi-music/0/title', '').allowed).toBe(false);
    expect(owner().write('/loofi-music/0/audio', 'javascript:alert(1)').allowed).toBe(false);
    expect(owner().write('/loofi-music/0/extra', 'x').allowed).toBe(false);
    expect(owner().write('/loofi-music/0/image', null).allowed).toBe(false);
  });
});
