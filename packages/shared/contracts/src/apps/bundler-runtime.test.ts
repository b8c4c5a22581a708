import { describe, expect, it } from 'vitest';
import {
  BUNDLER_RUNTIME_GLOBAL,
  bundlerRuntimeExpression,
  provideBundlerRuntime,
} from './bundler-runtime';

const init = () => 'instance';
const module = {
  runtime: { name: 'the runtime' },
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime: { init, S: { default: {} } },
  bundlerRuntimeOptions: { remotes: {} },
};

describe('provideBundlerRuntime', () => {
  it('gives each remote entry the same functions around share scopes and options of its own', () => {
    const provider = provideBundlerRuntime(module, '2.9.2', {});
    const home = provider.create('2.9.2') as typeof module;
    const music = provider.create('2.9.2') as typeof module;

    expect(home.runtime).toBe(module.runtime);
    expect(home.bundlerRuntime.init).toBe(init);
    expect(home.bundlerRuntime.S).toEqual({});
    expect(home.bundlerRuntime.S).not.toBe(music.bundlerRuntime.S);
    expect(home.bundlerRuntimeOptions).not.toBe(music.bundlerRuntimeOptions);
    (home.bundlerRuntimeOptions as Record<string, unknown>).remotes = { home: true };
    expect(music.bundlerRuntimeOptions).toEqual({});
    expect(module.bundlerRuntime.S).toEqual({ default: {} });
  });

  it('accepts a remote of another minor or patch, and refuses another major naming both', () => {
    const provider = provideBundlerRuntime(module, '2.9.2', {});
    expect(() => provider.create('2.11.0')).not.toThrow();
    expect(() => provider.create('3.0.0')).toThrow(
      'This remote was built with Module Federation 3.0.0, the page provides 2.9.2.',
    );
  });

  it('keeps the first provider of a page', () => {
    const page: Record<string, unknown> = {};
    const first = provideBundlerRuntime(module, '2.9.2', page);
    const second = provideBundlerRuntime(module, '2.10.0', page);
    expect(second).toBe(first);
    expect(page[BUNDLER_RUNTIME_GLOBAL]).toBe(first);
  });
});

describe('bundlerRuntimeExpression', () => {
  it('asks the page for the version the remote was built with', () => {
    const page = { [BUNDLER_RUNTIME_GLOBAL]: provideBundlerRuntime(module, '2.9.2', {}) };
    const created = new Function('globalThis', `return ${bundlerRuntimeExpression('2.9.2')}`)(
      page,
    ) as typeof module;
    expect(created.bundlerRuntime.init).toBe(init);
  });
});
