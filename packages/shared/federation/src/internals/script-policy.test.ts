import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY_NAME, SCRIPT_POLICY_NAME } from '@loofi/contracts/apps';
import { installSitePolicy } from './script-policy';

type Rules = { createScriptURL?: (input: string) => string };

/** A browser's `trustedTypes` as far as the policy needs it: names are refused twice, as an enforcing header does. */
function fakeTrustedTypes() {
  const created = new Map<string, Rules>();
  const factory = {
    createPolicy(name: string, rules: Rules) {
      if (created.has(name)) throw new TypeError(`Policy "${name}" already exists.`);
      created.set(name, rules);
      return {
        name,
        createScriptURL: (input: string) => ({ trusted: rules.createScriptURL!(input) }),
      };
    },
  };
  return { factory, created };
}

const location = { origin: 'https://loofi.example.org', href: 'https://loofi.example.org/auth' };

describe('installSitePolicy', () => {
  it("admits the site's own scripts and refuses every other origin and scheme", () => {
    const site = installSitePolicy({}, { location });
    expect(site.scriptUrl('/static/js/main.js')).toBe(
      'https://loofi.example.org/static/js/main.js',
    );
    expect(() => site.scriptUrl('https://evil.example/x.js')).toThrow(TypeError);
    expect(() => site.scriptUrl('javascript:alert(1)')).toThrow(TypeError);
    expect(() => site.scriptUrl('data:text/javascript,alert(1)')).toThrow(TypeError);
  });

  it('admits a remote once remotes.json names it, and only its origin', () => {
    const site = installSitePolicy({}, { location });
    const entry = 'https://music.example.org/mf-manifest.json';
    expect(() => site.scriptUrl('https://music.example.org/remoteEntry.js')).toThrow(TypeError);
    site.admit([entry]);
    expect(site.scriptUrl('https://music.example.org/static/js/1.js')).toBe(
      'https://music.example.org/static/js/1.js',
    );
    expect(() => site.scriptUrl('https://music.example.org.evil.example/x.js')).toThrow(TypeError);
  });

  it('creates one policy and hands it to every bundle runtime that asks for it by name', () => {
    const { factory, created } = fakeTrustedTypes();
    const scope = {};
    const site = installSitePolicy(scope, { location, trustedTypes: factory });
    expect([...created.keys()]).toEqual([SCRIPT_POLICY_NAME]);
    // What Rspack's runtime does on its first chunk load, once per bundle on the page.
    const identity = { createScriptURL: (url: string) => url };
    const fromHost = factory.createPolicy(SCRIPT_POLICY_NAME, identity);
    const fromRemote = factory.createPolicy(SCRIPT_POLICY_NAME, identity);
    expect(fromRemote).toBe(fromHost);
    expect(() => fromHost.createScriptURL('https://evil.example/x.js')).toThrow(TypeError);
    expect(site.scriptUrl('/sw.js')).toEqual({ trusted: 'https://loofi.example.org/sw.js' });
    // Installing again on the same page gives the same policy, creating nothing.
    expect(installSitePolicy(scope, { location, trustedTypes: factory })).toBe(site);
    expect(created.size).toBe(1);
    // Other names still reach the browser (which refuses those the header does not list).
    factory.createPolicy('other', identity);
    expect([...created.keys()]).toEqual([SCRIPT_POLICY_NAME, 'other']);
  });

  it("passes a third party's plain strings through a default policy only for its origins", () => {
    const { factory, created } = fakeTrustedTypes();
    const site = installSitePolicy({}, { location, trustedTypes: factory });
    site.admitThirdParty(['https://apis.google.com']);
    site.admitThirdParty(['https://apis.google.com']);
    const fallback = created.get(DEFAULT_POLICY_NAME)!;
    expect(fallback.createScriptURL!('https://apis.google.com/js/api.js')).toBe(
      'https://apis.google.com/js/api.js',
    );
    expect(fallback.createScriptURL!('/static/js/main.js')).toBe(
      'https://loofi.example.org/static/js/main.js',
    );
    expect(() => fallback.createScriptURL!('https://evil.example/x.js')).toThrow(TypeError);
    // Google's helper is for its own code's strings: the site's policy still refuses it.
    expect(() => site.scriptUrl('https://apis.google.com/js/api.js')).toThrow(TypeError);
  });
});
