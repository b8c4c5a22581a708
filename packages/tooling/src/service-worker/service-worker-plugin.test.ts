import { describe, expect, it } from 'vitest';
import { precacheEntries } from './service-worker-plugin';

const assets = [
  { name: 'index.html', source: '<html>one</html>' },
  { name: 'account-chooser.html', source: '<html>chooser</html>' },
  { name: 'static/js/main.0123abcd.js', source: 'main' },
  { name: 'static/js/main.0123abcd.js.map', source: '{}' },
  { name: 'static/js/account-chooser.89abcdef.js', source: 'chooser' },
  { name: 'favicon.svg', source: '<svg/>' },
  { name: 'manifest.webmanifest', source: '{}' },
  { name: 'remotes.json', source: '{}' },
  { name: 'loofi-build.json', source: '{}' },
  { name: 'demo/tone.wav', source: 'RIFF' },
];

describe('precacheEntries', () => {
  it('lists the page, the scripts named and icons, hashed files without a revision', () => {
    const entries = precacheEntries(assets, {
      demo: false,
      scripts: new Set(['static/js/main.0123abcd.js']),
    });
    expect(entries.map((entry) => entry.url)).toEqual([
      '/favicon.svg',
      '/index.html',
      '/manifest.webmanifest',
      '/static/js/main.0123abcd.js',
    ]);
    expect(entries.find((entry) => entry.url === '/static/js/main.0123abcd.js')?.revision).toBe(
      null,
    );
    expect(entries.find((entry) => entry.url === '/index.html')?.revision).toMatch(
      /^[0-9a-f]{32}$/,
    );
  });

  it('gives a changed page a new revision, and takes the demo library when asked', () => {
    const none = new Set<string>();
    const [before] = precacheEntries([assets[0]!], { demo: false, scripts: none });
    const [after] = precacheEntries([{ name: 'index.html', source: '<html>two</html>' }], {
      demo: false,
      scripts: none,
    });
    expect(before?.revision).not.toBe(after?.revision);
    expect(
      precacheEntries(assets, { demo: true, scripts: none }).map((entry) => entry.url),
    ).toContain('/demo/tone.wav');
  });
});
