import { describe, expect, it } from 'vitest';
import installed from '@module-federation/webpack-bundler-runtime';
import { BUNDLER_RUNTIME_GLOBAL, bundlerRuntimeExpression } from '@loofi/contracts/apps';
import {
  BUNDLER_RUNTIME_STATE,
  bundlerRuntimeRegistry,
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

describe('the bundler runtime registry', () => {
  it('gives each remote entry the same functions around share scopes and options of its own', () => {
    const registry = provideBundlerRuntime(module, '2.9.2', {});
    const home = registry.create('2.9.2') as typeof module;
    const music = registry.create('2.9.2') as typeof module;

    expect(home.runtime).toBe(module.runtime);
    expect(home.bundlerRuntime.init).toBe(init);
    expect(home.bundlerRuntime.S).toEqual({});
    expect(home.bundlerRuntime.S).not.toBe(music.bundlerRuntime.S);
    expect(home.bundlerRuntimeOptions).not.toBe(music.bundlerRuntimeOptions);
    (home.bundlerRuntimeOptions as Record<string, unknown>).remotes = { home: true };
    expect(music.bundlerRuntimeOptions).toEqual({});
    expect(module.bundlerRuntime.S).toEqual({ default: {} });
  });

  it('serves every minor and patch of a major it holds, and no other major', () => {
    const registry = provideBundlerRuntime(module, '2.9.2', {});
    expect(registry.serves('2.11.0')).toBe(true);
    expect(registry.serves('2.0.0')).toBe(true);
    expect(() => registry.create('2.11.0')).not.toThrow();
    expect(registry.serves('3.0.0')).toBe(false);
    expect(() => registry.create('3.0.0')).toThrow(
      'This page has no copy of Module Federation 3.x for a remote built with 3.0.0.',
    );
  });

  it("holds a copy per major: a remote's own copy of another major serves it beside the page's", () => {
    const page: Record<string, unknown> = {};
    const other = { ...module, runtime: { name: 'the next major' } };
    provideBundlerRuntime(module, '2.9.2', page);
    const registry = provideBundlerRuntime(other, '3.1.0', page);

    expect((registry.create('3.0.0') as typeof module).runtime).toBe(other.runtime);
    expect((registry.create('2.1.0') as typeof module).runtime).toBe(module.runtime);
  });

  it('keeps the first copy of a major, and one registry per page', () => {
    const page: Record<string, unknown> = {};
    const first = provideBundlerRuntime(module, '2.9.2', page);
    const later = { ...module, runtime: {} };
    const second = provideBundlerRuntime(later, '2.10.0', page);
    expect(second).toBe(first);
    expect(page[BUNDLER_RUNTIME_GLOBAL]).toBe(first);
    expect((first.create('2.10.0') as typeof module).runtime).toBe(module.runtime);
    expect(bundlerRuntimeRegistry({}).serves('2.9.2')).toBe(false);
  });

  it("answers the expression a remote's build puts where the module would be", () => {
    const page = { [BUNDLER_RUNTIME_GLOBAL]: provideBundlerRuntime(module, '2.9.2', {}) };
    const created = new Function('globalThis', `return ${bundlerRuntimeExpression('2.9.2')}`)(
      page,
    ) as typeof module;
    expect(created.bundlerRuntime.init).toBe(init);
  });
});

describe('the installed @module-federation/webpack-bundler-runtime', () => {
  // An upgrade that adds state to the module, or moves it, must be taught to `create`.
  it('holds per-container state only in the fields the registry makes fresh', () => {
    const stateless = Object.entries(installed).filter(
      ([key]) => !(BUNDLER_RUNTIME_STATE.module as readonly string[]).includes(key),
    );
    expect(Object.fromEntries(stateless.map(([key, value]) => [key, typeof value]))).toEqual({
      runtime: 'object',
      bundlerRuntime: 'object',
      attachShareScopeMap: 'function',
    });
    const bundlerRuntime = installed.bundlerRuntime as Record<string, unknown>;
    expect(
      Object.keys(bundlerRuntime).filter((key) => typeof bundlerRuntime[key] !== 'function'),
    ).toEqual([...BUNDLER_RUNTIME_STATE.bundlerRuntime]);
    for (const key of BUNDLER_RUNTIME_STATE.module) expect(installed).toHaveProperty(key);
  });
});
