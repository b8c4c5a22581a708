import { describe, expect, it } from 'vitest';
import { bundlerRuntimeRegistry } from '@loofi/federation';
import type { BundlerRuntimeModule } from '@loofi/federation';
import { ensureBundlerRuntime } from './bundler-runtime-fallback';

const MANIFEST_URL = 'http://music.test/mf-manifest.json';
const SCRIPT = 'static/js/federation-runtime.0123abcd.js';

const manifestOf = (version: string, publicPath = 'auto') => ({
  metaData: {
    publicPath,
    loofi: { rspack: '2.2.9', bundlerRuntime: { version, script: SCRIPT } },
  },
});

/** A page whose registry holds the host's copy (2.9.2), and scripts that run by URL. */
function page(
  scripts: Record<string, (registry: ReturnType<typeof bundlerRuntimeRegistry>) => void> = {},
) {
  const global: Record<string, unknown> = {};
  const registry = () => bundlerRuntimeRegistry(global);
  registry().provide({ runtime: 'host' } as BundlerRuntimeModule, '2.9.2');
  const ran: string[] = [];
  const runScript = async (url: string) => {
    ran.push(url);
    const script = scripts[url];
    if (!script) throw new Error(`${url} could not be loaded.`);
    script(registry());
  };
  return { registry, runScript, ran };
}

const OWN_SCRIPT = `http://music.test/${SCRIPT}`;
const providesOwn = (version: string) => ({
  [OWN_SCRIPT]: (registry: ReturnType<typeof bundlerRuntimeRegistry>) =>
    registry.provide({ runtime: 'own' } as BundlerRuntimeModule, version),
});

describe('ensureBundlerRuntime', () => {
  it("loads nothing for a remote of the page's major, whatever its minor", async () => {
    const { registry, runScript, ran } = page();
    await ensureBundlerRuntime(manifestOf('2.12.0'), MANIFEST_URL, { registry, runScript });
    await ensureBundlerRuntime(manifestOf('2.1.0'), MANIFEST_URL, { registry, runScript });
    expect(ran).toEqual([]);
  });

  it("runs a remote's own runtime script first when the page has no copy of its major", async () => {
    const { registry, runScript, ran } = page(providesOwn('3.0.1'));
    await ensureBundlerRuntime(manifestOf('3.0.1'), MANIFEST_URL, { registry, runScript });

    expect(ran).toEqual([OWN_SCRIPT]);
    expect(registry().create('3.0.1')).toMatchObject({ runtime: 'own' });
    expect(registry().create('2.9.2')).toMatchObject({ runtime: 'host' });
  });

  it('finds the script under the publicPath the manifest names', async () => {
    const cdn = 'http://cdn.test/music/';
    const { registry, runScript, ran } = page({
      [`${cdn}${SCRIPT}`]: (own) => own.provide({} as BundlerRuntimeModule, '4.0.0'),
    });
    await ensureBundlerRuntime(manifestOf('4.0.0', cdn), MANIFEST_URL, { registry, runScript });
    expect(ran).toEqual([`${cdn}${SCRIPT}`]);
  });

  it("fails, naming the script, only when the remote's own copy cannot be had", async () => {
    const missing = page();
    await expect(ensureBundlerRuntime(manifestOf('5.0.0'), MANIFEST_URL, missing)).rejects.toThrow(
      `${OWN_SCRIPT} could not be loaded.`,
    );

    const other = page(providesOwn('6.0.0'));
    await expect(ensureBundlerRuntime(manifestOf('7.0.0'), MANIFEST_URL, other)).rejects.toThrow(
      `${OWN_SCRIPT} did not provide Module Federation 7.0.0.`,
    );
  });

  it('leaves a manifest without a build record to the page, as before', async () => {
    const { registry, runScript, ran } = page();
    await ensureBundlerRuntime({ metaData: {} }, MANIFEST_URL, { registry, runScript });
    expect(ran).toEqual([]);
  });
});
