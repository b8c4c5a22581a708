import { describe, expect, it } from 'vitest';
import {
  BUNDLER_RUNTIME_GLOBAL,
  bundlerRuntimeExpression,
  provideBundlerRuntime,
} from './bundler-runtime';

const init = () => 'instance';
const started: unknown[][] = [];
const startup = { digest: 'be07aa4fc97d', start: (...args: unknown[]) => started.push(args) };
const module = {
  runtime: { name: 'the runtime' },
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime: { init, S: { default: {} } },
  bundlerRuntimeOptions: { remotes: {} },
};

describe('provideBundlerRuntime', () => {
  it('gives each remote entry the same functions around share scopes and options of its own', () => {
    const provider = provideBundlerRuntime(module, '2.9.2', startup, {});
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
    const provider = provideBundlerRuntime(module, '2.9.2', startup, {});
    expect(() => provider.create('2.11.0')).not.toThrow();
    expect(() => provider.create('3.0.0')).toThrow(
      'This remote was built with Module Federation 3.0.0, the page provides 2.9.2.',
    );
  });

  it("starts a remote's container with the page's start-up, and refuses one built from another", () => {
    const provider = provideBundlerRuntime(module, '2.9.2', startup, {});
    const require = { federation: {} };
    const constants = { __module_federation_container_name__: 'loofi_home' };
    started.length = 0;

    provider.startContainer('be07aa4fc97d', require, constants);
    expect(started).toEqual([[require, constants]]);
    expect(started[0]?.[0]).toBe(require);

    expect(() => provider.startContainer('0123456789ab', require, constants)).toThrow(
      "This remote was built with another start-up of Rspack's federation containers (0123456789ab), the page provides be07aa4fc97d.",
    );
    expect(started).toHaveLength(1);
  });

  it('keeps the first provider of a page', () => {
    const page: Record<string, unknown> = {};
    const first = provideBundlerRuntime(module, '2.9.2', startup, page);
    const second = provideBundlerRuntime(module, '2.10.0', startup, page);
    expect(second).toBe(first);
    expect(page[BUNDLER_RUNTIME_GLOBAL]).toBe(first);
  });
});

describe('bundlerRuntimeExpression', () => {
  it('asks the page for the version the remote was built with', () => {
    const page = { [BUNDLER_RUNTIME_GLOBAL]: provideBundlerRuntime(module, '2.9.2', startup, {}) };
    const created = new Function('globalThis', `return ${bundlerRuntimeExpression('2.9.2')}`)(
      page,
    ) as typeof module;
    expect(created.bundlerRuntime.init).toBe(init);
  });
});
