import { describe, expect, it } from 'vitest';
import { BUNDLER_RUNTIME_GLOBAL, provideBundlerRuntime } from '@loofi/contracts/apps';
import type { ContainerStartup } from '@loofi/contracts/apps';
import {
  CONTAINER_STARTUP_MODULE,
  containerStartupExpression,
  containerStartupTemplate,
  rewriteContainerStartup,
} from './container-startup.mjs';

const GLOBAL = BUNDLER_RUNTIME_GLOBAL;
const PLACEHOLDER = '__module_federation_runtime_require__';

/** The constants the federation plugin declares before the template, for one container. */
const CONSTANTS = {
  __module_federation_runtime_plugins__: [],
  __module_federation_remote_infos__: {},
  __module_federation_container_name__: 'loofi_music',
  __module_federation_share_strategy__: 'loaded-first',
  __module_federation_share_fallbacks__: {
    rxjs: [['independent-packages/rxjs/share-entry.js', '7.8.2', 'loofi_music_f_rxjs']],
  },
  __module_federation_library_type__: 'var',
};

/** A start-up module as the federation plugin writes it (the bundler runtime imported). */
function pluginModule(requireExpression = '__webpack_require__'): string {
  const { body } = containerStartupTemplate();
  return [
    'import __module_federation_bundler_runtime__ from "@module-federation/webpack-bundler-runtime"',
    ...Object.entries(CONSTANTS).map(([name, value]) => `const ${name} = ${JSON.stringify(value)}`),
    body.replace(PLACEHOLDER, requireExpression),
  ].join(';');
}

/** A container's `__webpack_require__` before its start-up, and the bundler runtime it uses. */
function container() {
  const calls: string[] = [];
  const bundlerRuntime = {
    S: { default: {} },
    init: () => 'instance',
    getSharedFallbackGetter: ({ shareKey }: { shareKey: string }) => `fallback of ${shareKey}`,
    remotes: () => calls.push('remotes'),
    consumes: () => calls.push('consumes'),
    I: () => calls.push('I'),
    initContainerEntry: () => calls.push('initContainerEntry'),
    installInitialConsumes: () => calls.push('installInitialConsumes'),
  };
  // The bundler's own functions, which the start-up replaces.
  const unset = () => 'not started';
  const require = {
    federation: {} as Record<string, unknown>,
    f: { remotes: unset as unknown, consumes: unset as unknown },
    S: {},
    I: unset as unknown,
    initContainer: unset as unknown,
    getContainer: unset as unknown,
    initializeSharingData: {
      scopeToSharingDataMapping: {
        default: [{ name: 'react', version: '19.2.0', factory: 'react factory', singleton: true }],
      },
    },
    consumesLoadingData: {
      chunkMapping: { 1: ['m1'] },
      moduleIdToConsumeDataMapping: {
        m1: { shareKey: 'rxjs', fallback: 'own rxjs', shareScope: 'default', singleton: true },
      },
      initialConsumes: ['m1'],
    },
    initializeExposesData: { shareScope: 'default', moduleMap: { './App': () => 'the app' } },
  };
  return { require, module: { bundlerRuntime }, calls };
}

/** What a container looks like after its start-up: every field, functions by what they do. */
function stateOf({ require, calls }: ReturnType<typeof container>) {
  const f = require.f as Record<string, (...args: unknown[]) => unknown>;
  f.remotes?.('chunk', []);
  f.consumes?.('chunk', []);
  (require.I as (...args: unknown[]) => unknown)('default', []);
  (require.initContainer as (...args: unknown[]) => unknown)({}, [], {});
  const app = (require.getContainer as (...args: unknown[]) => unknown)('./App');
  // The options hold the container's require again: written by name, not followed.
  return JSON.stringify({ require, app, calls }, (key, value: unknown) =>
    key !== '' && value === require ? '(its require)' : value,
  );
}

describe("Rspack's container start-up, provided by the page", () => {
  it('reads the template the federation plugin writes, with the constants it declares before it', () => {
    const { names, digest, body } = containerStartupTemplate();
    expect(names.sort()).toEqual(
      ['__module_federation_bundler_runtime__', ...Object.keys(CONSTANTS)].sort(),
    );
    expect(digest).toMatch(/^[0-9a-f]{12}$/);
    expect(body).toContain(`=${PLACEHOLDER};`);
  });

  it("turns a remote's copy into a call of the page's, passing its constants and require", () => {
    const { body, digest } = containerStartupTemplate();
    const rewritten = rewriteContainerStartup(pluginModule('__rspack_require__'), GLOBAL);

    expect(rewritten).not.toContain(body.slice(0, 200));
    expect(rewritten).toContain('import __module_federation_bundler_runtime__ from');
    expect(rewritten).toMatch(
      new RegExp(
        `globalThis\\["${GLOBAL}"\\]\\.startContainer\\("${digest}",__rspack_require__,\\{`,
      ),
    );
    expect(rewritten.length).toBeLessThan(pluginModule().length - body.length + 600);
  });

  it('starts a container exactly as the copy it replaces would have', () => {
    // Each module runs as written, its import bound to the bundler runtime as a parameter.
    const run = (
      source: string,
      page: unknown,
      { require, module }: ReturnType<typeof container>,
    ) =>
      new Function(
        'globalThis',
        '__webpack_require__',
        '__module_federation_bundler_runtime__',
        source.replace(/^import __module_federation_bundler_runtime__ from "[^"]+";/, ''),
      )(page, require, module);

    const copied = container();
    run(pluginModule(), {}, copied);

    const provided = container();
    const startup = new Function(`return ${containerStartupExpression()}`)() as ContainerStartup;
    const page: Record<string, unknown> = {};
    provideBundlerRuntime({}, '2.9.2', startup, page);
    run(rewriteContainerStartup(pluginModule(), GLOBAL), { [GLOBAL]: page[GLOBAL] }, provided);

    expect(copied.require.federation.instance).toBe('instance');
    expect(stateOf(provided)).toBe(stateOf(copied));
    expect(copied.calls).toEqual([
      'installInitialConsumes',
      'remotes',
      'consumes',
      'I',
      'initContainerEntry',
    ]);
  });

  it('refuses a module that does not end with the template, rather than ship it unchanged', () => {
    expect(() => rewriteContainerStartup(`${pluginModule()};console.log(1)`, GLOBAL)).toThrow(
      "does not end with Rspack's template",
    );
    expect(() => rewriteContainerStartup('export default 1', GLOBAL)).toThrow(
      "does not end with Rspack's template",
    );
  });

  it('applies to the module the federation plugin starts an entry with', () => {
    expect(CONTAINER_STARTUP_MODULE.test('@module-federation/runtime/rspack.js')).toBe(true);
    expect(
      CONTAINER_STARTUP_MODULE.test('/app/node_modules/@module-federation/runtime/rspack.js'),
    ).toBe(true);
    expect(CONTAINER_STARTUP_MODULE.test('/app/src/rspack.js')).toBe(false);
  });
});
