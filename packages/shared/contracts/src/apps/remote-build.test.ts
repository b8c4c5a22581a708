import { describe, expect, it } from 'vitest';
import { remoteBuildOf } from './remote-build';

const build = {
  rspack: '2.2.9',
  bundlerRuntime: { version: '2.9.2', script: 'static/js/federation-runtime.0123abcd.js' },
};

describe('remoteBuildOf', () => {
  it("reads a remote's build record from its manifest's metaData", () => {
    expect(remoteBuildOf({ metaData: { name: 'loofi_home', loofi: build } })).toEqual(build);
  });

  it('reads nothing from a manifest without one, or with a malformed one', () => {
    expect(remoteBuildOf({ metaData: { name: 'loofi_home' } })).toBeUndefined();
    expect(remoteBuildOf(null)).toBeUndefined();
    expect(
      remoteBuildOf({ metaData: { loofi: { ...build, bundlerRuntime: { version: '2.9.2' } } } }),
    ).toBeUndefined();
  });
});
