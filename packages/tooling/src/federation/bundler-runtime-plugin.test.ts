import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { BUNDLER_RUNTIME_ENTRY } from '@loofi/federation';
import { bundlerRuntimeVersion } from './bundler-runtime-plugin';

const require = createRequire(import.meta.url);

describe("the bundler runtime's entry, made external in every remote", () => {
  // The federation plugin imports the package by name; an upgrade that moves its entry
  // would leave every remote carrying a copy again.
  it('matches the file the package resolves to, in its CommonJS and ES builds', () => {
    const entry = require.resolve('@module-federation/webpack-bundler-runtime');
    expect(entry).toMatch(BUNDLER_RUNTIME_ENTRY);
    const esEntry = entry.replace(/\.cjs$/, '.js');
    expect(existsSync(esEntry)).toBe(true);
    expect(esEntry).toMatch(BUNDLER_RUNTIME_ENTRY);
    expect(bundlerRuntimeVersion()).toMatch(/^2\.\d+\.\d+/);
  });
});
