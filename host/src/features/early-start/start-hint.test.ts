import { describe, expect, it } from 'vitest';
import { readTabStart, rememberFirstScripts, rememberRemotes, START_HINT_KEY } from './start-hint';

const remotes = {
  home: 'http://home.test/mf-manifest.json',
  music: 'http://music.test/mf-manifest.json',
  settings: 'http://settings.test/mf-manifest.json',
};
const HOME_SCRIPTS = ['http://home.test/remoteEntry.js', 'http://home.test/static/js/App.1.js'];

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  let writes = 0;
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      writes += 1;
      items.set(key, value);
    },
    get writes() {
      return writes;
    },
  };
}

describe('the start hint', () => {
  it('gives a tab’s manifest, first scripts and share keys as the network last named them', () => {
    const storage = memoryStorage();
    expect(readTabStart('home', storage)).toBeUndefined();
    rememberRemotes(remotes, storage);
    expect(readTabStart('music', storage)).toEqual({
      manifest: remotes.music,
      scripts: [],
      shared: [],
    });
    rememberFirstScripts(remotes.home, HOME_SCRIPTS, ['react'], storage);
    expect(readTabStart('home', storage)).toEqual({
      manifest: remotes.home,
      scripts: HOME_SCRIPTS,
      shared: ['react'],
    });
  });

  it('keeps nothing for a manifest remotes.json does not name, and drops one it stopped naming', () => {
    const storage = memoryStorage();
    rememberRemotes(remotes, storage);
    rememberFirstScripts('http://elsewhere.test/mf-manifest.json', HOME_SCRIPTS, [], storage);
    rememberFirstScripts(remotes.home, HOME_SCRIPTS, [], storage);
    const moved = { ...remotes, home: 'http://new-home.test/mf-manifest.json' };
    rememberRemotes(moved, storage);
    expect(readTabStart('home', storage)).toEqual({
      manifest: moved.home,
      scripts: [],
      shared: [],
    });
    expect(storage.getItem(START_HINT_KEY)).not.toContain('elsewhere.test');
    expect(storage.getItem(START_HINT_KEY)).not.toContain('//home.test');
  });

  it('writes only when something changed', () => {
    const storage = memoryStorage();
    rememberRemotes(remotes, storage);
    rememberFirstScripts(remotes.home, HOME_SCRIPTS, [], storage);
    const writes = storage.writes;
    rememberRemotes(remotes, storage);
    rememberFirstScripts(remotes.home, HOME_SCRIPTS, [], storage);
    expect(storage.writes).toBe(writes);
  });

  it.each([
    ['unreadable text', '{'],
    ['another shape', '[1,2]'],
    ['a manifest that is no http(s) URL', JSON.stringify({ remotes: { home: 'javascript:x' } })],
  ])('gives no head start from %s', (_case, stored) => {
    expect(readTabStart('home', memoryStorage({ [START_HINT_KEY]: stored }))).toBeUndefined();
  });

  it('passes on only the http(s) scripts and the share keys that are text', () => {
    const stored = {
      remotes: { home: remotes.home },
      first: {
        [remotes.home]: {
          scripts: [HOME_SCRIPTS[0], 'data:text/javascript,1', 7],
          shared: [1, 'react'],
        },
      },
    };
    const storage = memoryStorage({ [START_HINT_KEY]: JSON.stringify(stored) });
    expect(readTabStart('home', storage)).toEqual({
      manifest: remotes.home,
      scripts: [HOME_SCRIPTS[0]],
      shared: ['react'],
    });
  });

  it('works on, without a head start, where storage throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => rememberRemotes(remotes, broken)).not.toThrow();
    expect(readTabStart('home', broken)).toBeUndefined();
  });
});
