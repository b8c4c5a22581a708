import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rspack } from '@rspack/core';
import type { Compiler } from '@rspack/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_TRACKS } from '@loofi/backend/local/demo';
import { demoAssets, demoAssetsPlugin, makeDemoAssets } from './demo-assets-plugin';
import { synthesizeTrack } from './synthesize-track';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'loofi-demo-'));
  await writeFile(path.join(root, 'index.js'), 'export const answer = 42;\n');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

function compilerInto(output: string): Compiler {
  return rspack({
    context: root,
    mode: 'none',
    entry: './index.js',
    output: { path: path.join(root, output) },
    plugins: [demoAssetsPlugin()],
  });
}

function run(compiler: Compiler): Promise<void> {
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString('errors-only')));
      else resolve();
    });
  });
}

function close(compiler: Compiler): Promise<void> {
  return new Promise((resolve, reject) => {
    compiler.close((error) => (error ? reject(error) : resolve()));
  });
}

describe('demoAssetsPlugin', () => {
  it('emits the audio and cover of every demo track where its URLs point', async () => {
    const compiler = compilerInto('dist');
    await run(compiler);
    await close(compiler);

    const emitted = new Map(demoAssets().map((asset) => [asset.filename, asset.content]));
    for (const track of DEMO_TRACKS) {
      for (const url of [track.audio, track.image]) {
        const file = await readFile(path.join(root, 'dist', url));
        expect(file.equals(emitted.get(url.slice(1))!)).toBe(true);
      }
    }
    const cover = await readFile(path.join(root, 'dist', DEMO_TRACKS[0]!.image), 'utf8');
    expect(cover.startsWith('<svg')).toBe(true);
  });

  it('makes the library once per process, however many builds run', async () => {
    const compiler = compilerInto('again');
    await run(compiler);
    await run(compiler);
    await close(compiler);
    expect(demoAssets()).toBe(demoAssets());
    expect(demoAssets()).toHaveLength(DEMO_TRACKS.length * 2);
  });
});

describe('makeDemoAssets', () => {
  it('synthesises the library once and reads it back from its cache on later builds', () => {
    const cacheDir = path.join(root, 'cache');
    const synthesize = vi.fn(synthesizeTrack);
    const first = makeDemoAssets({ cacheDir, synthesize });
    expect(synthesize).toHaveBeenCalledTimes(DEMO_TRACKS.length);

    const again = makeDemoAssets({ cacheDir, synthesize });
    expect(synthesize).toHaveBeenCalledTimes(DEMO_TRACKS.length);
    expect(again.map((asset) => asset.filename)).toEqual(first.map((asset) => asset.filename));
    again.forEach((asset, index) => expect(asset.content.equals(first[index]!.content)).toBe(true));

    // Without a cache, every call makes them.
    makeDemoAssets({ cacheDir: null, synthesize });
    expect(synthesize).toHaveBeenCalledTimes(DEMO_TRACKS.length * 2);
  });
});
