import { describe, expect, it } from 'vitest';
import {
  exposedInitialScripts,
  firstScripts,
  manifestFiles,
  remoteEntryFile,
  sharedNamesOf,
} from './manifest-files';

const manifest = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    {
      path: './App',
      assets: {
        js: { sync: ['static/js/App.1.js'], async: ['static/js/panel.2.js'] },
        css: { sync: [], async: ['static/css/panel.3.css'] },
      },
    },
  ],
  shared: [{ assets: { js: { sync: ['static/js/kit.4.js'], async: [7] } } }],
};

describe("a remote's manifest files", () => {
  it('names the entry, beside the manifest or in its folder', () => {
    expect(remoteEntryFile(manifest)).toBe('remoteEntry.js');
    expect(remoteEntryFile({ metaData: { remoteEntry: { name: 'e.js', path: 'entry' } } })).toBe(
      'entry/e.js',
    );
    expect(remoteEntryFile(null)).toBeUndefined();
  });

  it("lists the exposed module's first scripts, and every file of the manifest", () => {
    expect(exposedInitialScripts(manifest, './App')).toEqual(['static/js/App.1.js']);
    expect(exposedInitialScripts(manifest, './Other')).toEqual([]);
    expect(manifestFiles(manifest)).toEqual([
      'static/js/App.1.js',
      'static/js/panel.2.js',
      'static/css/panel.3.css',
      'static/js/kit.4.js',
      'remoteEntry.js',
    ]);
    expect(manifestFiles('not a manifest')).toEqual([]);
  });

  it('gives the first scripts as URLs beside the manifest, each once, for a public path of auto', () => {
    const url = 'http://music.test/app/mf-manifest.json';
    expect(firstScripts(url, manifest, './App')).toEqual([
      'http://music.test/app/remoteEntry.js',
      'http://music.test/app/static/js/App.1.js',
    ]);
    const inEntry = {
      ...manifest,
      exposes: [{ path: './App', assets: { js: { sync: ['remoteEntry.js'] } } }],
    };
    expect(firstScripts(url, inEntry, './App')).toEqual(['http://music.test/app/remoteEntry.js']);
    const elsewhere = { ...manifest, metaData: { ...manifest.metaData, publicPath: '/cdn/' } };
    expect(firstScripts(url, elsewhere, './App')).toEqual([]);
  });

  it('lists the shared module names of a manifest, ignoring what is not one', () => {
    expect(
      sharedNamesOf({ shared: [{ name: 'react' }, { name: '@loofi/ui-kit' }, { no: 1 }] }),
    ).toEqual(['react', '@loofi/ui-kit']);
    expect(sharedNamesOf(null)).toEqual([]);
    expect(sharedNamesOf({ shared: 'x' })).toEqual([]);
  });
});
