import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rspack as ownRspack } from '@rspack/core';

export interface ScriptBundle {
  /** The TypeScript entry (an absolute path). */
  entry: string;
  mode: 'production' | 'development';
  /** Compile-time constants, JSON-serialised. */
  define?: Readonly<Record<string, unknown>>;
  /** The Rspack that bundles it: by default this package's, else the calling build's own. */
  rspack?: typeof ownRspack;
}

/**
 * Bundles one TypeScript entry on its own into a single classic script (no chunks, no
 * federation): the scripts a page runs before or beside its app's own bundle.
 */
export async function bundleScript({
  entry,
  mode,
  define = {},
  rspack = ownRspack,
}: ScriptBundle): Promise<string> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'loofi-script-'));
  try {
    const compiler = rspack({
      mode,
      context: path.dirname(entry),
      target: 'web',
      devtool: false,
      entry,
      output: { path: outDir, filename: 'script.js', iife: true },
      resolve: { extensions: ['.ts', '.tsx', '.js'] },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            loader: 'builtin:swc-loader',
            options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } },
            type: 'javascript/auto',
          },
        ],
      },
      plugins: [
        new rspack.DefinePlugin(
          Object.fromEntries(
            Object.entries(define).map(([key, value]) => [key, JSON.stringify(value)]),
          ),
        ),
      ],
      optimization: { minimize: mode === 'production', splitChunks: false },
      stats: 'errors-only',
    });
    await new Promise<void>((resolve, reject) => {
      compiler.run((error, stats) => {
        compiler.close(() => undefined);
        if (error) reject(error);
        else if (stats?.hasErrors()) reject(new Error(stats.toString('errors-only')));
        else resolve();
      });
    });
    return await readFile(path.join(outDir, 'script.js'), 'utf8');
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
