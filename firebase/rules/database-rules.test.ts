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
    // 200 characters of two UTF-16 units each, an emoji's, as the clients allow.
    expect(write({ ...track, title: '😀'.repeat(200), author: '😀'.repeat(200) })).toBe(true);
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
    ['a title of 401 UTF-16 units', { ...track, title: 't'.repeat(401) }],
    ['an author of 201 emoji', { ...track, author: '😀'.repeat(201) }],
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

describe('Realtime Database rules: the listening session under loofi-listening/{uid}', () => {
  const session = { track, position: 30.5, at: 1_700_000_000_000 };
  const path = (user: TestAccount) => `/loofi-listening/${user.uid}`;
  const stored = (user: TestAccount, value: unknown = session): TargaryenDatabase => {
    const auth = { uid: user.uid, provider: user.provider, token: tokenClaims(user) };
    return targaryen.database(rules, { 'loofi-listening': { [user.uid]: value } }).as(auth);
  };

  it('lets the owner read, write and delete their own session', () => {
    expect(owner().read(path(accounts.owner)).allowed).toBe(true);
    expect(owner().write(path(accounts.owner), session).allowed).toBe(true);
    expect(owner().write(path(accounts.owner), { ...session, position: 0 }).allowed).toBe(true);
    expect(owner().write(path(accounts.owner), { ...session, position: 86_400 }).allowed).toBe(
      true,
    );
    expect(stored(accounts.owner).write(path(accounts.owner), null).allowed).toBe(true);
  });

  it("takes the client's write: an update of the parent holding the owner's key", () => {
    expect(owner().update('/loofi-listening', { [accounts.owner.uid]: session }).allowed).toBe(
      true,
    );
    expect(
      owner().update('/loofi-listening', { [accounts.secondOwner.uid]: session }).allowed,
    ).toBe(false);
  });

  it('lets a later session replace the stored one, and refuses an older one', () => {
    const database = stored(accounts.owner);
    expect(database.write(path(accounts.owner), { ...session, at: session.at + 1 }).allowed).toBe(
      true,
    );
    expect(database.write(path(accounts.owner), { ...session, position: 31 }).allowed).toBe(true);
    expect(database.write(path(accounts.owner), { ...session, at: session.at - 1 }).allowed).toBe(
      false,
    );
    // A stored value without a readable time does not lock the owner out.
    expect(
      stored(accounts.owner, { at: 'yesterday' }).write(path(accounts.owner), session).allowed,
    ).toBe(true);
  });

  it("refuses another whitelisted owner's session, to read or to write", () => {
    const other = as(accounts.secondOwner);
    expect(other.read(path(accounts.secondOwner)).allowed).toBe(true);
    expect(other.read(path(accounts.owner)).allowed).toBe(false);
    expect(other.write(path(accounts.owner), session).allowed).toBe(false);
    expect(owner().read(path(accounts.secondOwner)).allowed).toBe(false);
    expect(owner().write(path(accounts.secondOwner), session).allowed).toBe(false);
  });

  it('refuses reading or writing every session at once', () => {
    expect(owner().read('/loofi-listening').allowed).toBe(false);
    expect(owner().write('/loofi-listening', { [accounts.owner.uid]: session }).allowed).toBe(
      false,
    );
  });

  it('refuses an anonymous visitor', () => {
    const database = as(null);
    expect(database.read(path(accounts.owner)).allowed).toBe(false);
    expect(database.write(path(accounts.owner), session).allowed).toBe(false);
  });

  it.each(deniedAccounts)('refuses %s, even under its own uid', (_reason, user) => {
    const database = as(user);
    expect(database.read(path(user)).allowed).toBe(false);
    expect(database.write(path(user), session).allowed).toBe(false);
    expect(database.read(path(accounts.owner)).allowed).toBe(false);
    expect(database.write(path(accounts.owner), session).allowed).toBe(false);
  });

  it.each([
    ['an extra field', { ...session, device: 'phone' }],
    ['no track', { position: session.position, at: session.at }],
    ['no position', { track, at: session.at }],
    ['no time', { track, position: session.position }],
    ['an extra track field', { ...session, track: { ...track, lyrics: 'la la' } }],
    ['a track without its image', { ...session, track: { ...track, image: undefined } }],
    ['a blank title', { ...session, track: { ...track, title: '  ' } }],
    ['an author of 401 UTF-16 units', { ...session, track: { ...track, author: 'a'.repeat(401) } }],
    ['a javascript: audio URL', { ...session, track: { ...track, audio: 'javascript:alert(1)' } }],
    ['a protocol-relative image', { ...session, track: { ...track, image: '//evil.example/a' } }],
    ['a negative position', { ...session, position: -1 }],
    ['a position over a day', { ...session, position: 86_401 }],
    ['a position as text', { ...session, position: '30' }],
    ['a time as text', { ...session, at: '2024-01-01' }],
    ['a track as text', { ...session, track: 'Snowfall' }],
    ['a string instead of a session', 'Snowfall'],
  ])('refuses a session with %s', (_reason, value) => {
    expect(owner().write(path(accounts.owner), value).allowed).toBe(false);
  });
});

describe('Realtime Database rules: the focus session under loofi-focus/{uid}', () => {
  const plan = { focus: 25, break: 5, longBreak: 15 };
  const running = { plan, block: 1, phase: 'focus', endsAt: 1_700_000_000_000 };
  const change = { at: 1_699_999_000_000, session: running };
  const path = (user: TestAccount) => `/loofi-focus/${user.uid}`;
  const stored = (user: TestAccount, value: unknown = change): TargaryenDatabase => {
    const auth = { uid: user.uid, provider: user.provider, token: tokenClaims(user) };
    return targaryen.database(rules, { 'loofi-focus': { [user.uid]: value } }).as(auth);
  };

  it('lets the owner keep a running, a paused and a stopped session of their own', () => {
    expect(owner().read(path(accounts.owner)).allowed).toBe(true);
    expect(owner().write(path(accounts.owner), change).allowed).toBe(true);
    const paused = { plan, block: 4, phase: 'break', leftMs: 15 * 60_000 };
    expect(owner().write(path(accounts.owner), { ...change, session: paused }).allowed).toBe(true);
    expect(owner().write(path(accounts.owner), { at: change.at }).allowed).toBe(true);
    expect(
      owner().write(path(accounts.owner), {
        ...change,
        session: { ...running, plan: { focus: 180, break: 1, longBreak: 180 } },
      }).allowed,
    ).toBe(true);
  });

  it("takes the client's write: an update of the parent holding the owner's key", () => {
    expect(owner().update('/loofi-focus', { [accounts.owner.uid]: change }).allowed).toBe(true);
    expect(owner().update('/loofi-focus', { [accounts.secondOwner.uid]: change }).allowed).toBe(
      false,
    );
  });

  it('lets a later change replace the stored one, and refuses an older one', () => {
    const database = stored(accounts.owner);
    expect(database.write(path(accounts.owner), { at: change.at + 1 }).allowed).toBe(true);
    expect(database.write(path(accounts.owner), change).allowed).toBe(true);
    expect(database.write(path(accounts.owner), { ...change, at: change.at - 1 }).allowed).toBe(
      false,
    );
    // A stored value without a readable time does not lock the owner out.
    expect(
      stored(accounts.owner, { at: 'yesterday' }).write(path(accounts.owner), change).allowed,
    ).toBe(true);
  });

  it("refuses another whitelisted owner's session, every session at once, and strangers", () => {
    const other = as(accounts.secondOwner);
    expect(other.read(path(accounts.owner)).allowed).toBe(false);
    expect(other.write(path(accounts.owner), change).allowed).toBe(false);
    expect(owner().read('/loofi-focus').allowed).toBe(false);
    expect(owner().write('/loofi-focus', { [accounts.owner.uid]: change }).allowed).toBe(false);
    expect(as(null).read(path(accounts.owner)).allowed).toBe(false);
    expect(as(null).write(path(accounts.owner), change).allowed).toBe(false);
  });

  it.each(deniedAccounts)('refuses %s, even under its own uid', (_reason, user) => {
    const database = as(user);
    expect(database.read(path(user)).allowed).toBe(false);
    expect(database.write(path(user), change).allowed).toBe(false);
  });

  it.each([
    ['no time', { session: running }],
    ['a time as text', { ...change, at: 'now' }],
    ['an extra field', { ...change, device: 'phone' }],
    ['both a deadline and a rest', { ...change, session: { ...running, leftMs: 1000 } }],
    ['neither a deadline nor a rest', { ...change, session: { plan, block: 1, phase: 'focus' } }],
    ['no plan', { ...change, session: { block: 1, phase: 'focus', endsAt: running.endsAt } }],
    [
      'a plan without its long break',
      { ...change, session: { ...running, plan: { focus: 25, break: 5 } } },
    ],
    ['a plan with more', { ...change, session: { ...running, plan: { ...plan, nap: 5 } } }],
    ['a phase of no minutes', { ...change, session: { ...running, plan: { ...plan, focus: 0 } } }],
    ['a phase over 3 hours', { ...change, session: { ...running, plan: { ...plan, break: 181 } } }],
    [
      'a fraction of a minute',
      { ...change, session: { ...running, plan: { ...plan, focus: 2.5 } } },
    ],
    ['block 0', { ...change, session: { ...running, block: 0 } }],
    ['a block in between', { ...change, session: { ...running, block: 1.5 } }],
    ['another phase', { ...change, session: { ...running, phase: 'nap' } }],
    ['a deadline as text', { ...change, session: { ...running, endsAt: 'soon' } }],
    ['a negative rest', { ...change, session: { plan, block: 1, phase: 'focus', leftMs: -1 } }],
    [
      'a rest over 3 hours',
      { ...change, session: { plan, block: 1, phase: 'focus', leftMs: 180 * 60_000 + 1 } },
    ],
    ['an extra session field', { ...change, session: { ...running, long: false } }],
    ['a session as text', { ...change, session: 'focus' }],
  ])('refuses a change with %s', (_reason, value) => {
    expect(owner().write(path(accounts.owner), value).allowed).toBe(false);
  });
});
