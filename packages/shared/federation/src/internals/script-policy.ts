/**
 * The site's one Trusted Types policy for script URLs. Under the policy header
 * `require-trusted-types-for 'script'; trusted-types loofi`, a script element's `src`, a
 * worker's or a service worker's URL only takes a value this policy made, and it makes one
 * only for a URL of the site itself or of a remote that `remotes.json` names.
 *
 * The internal touched: every bundle's runtime (Rspack's `output.trustedTypes`, policy name
 * `loofi`) asks the browser for a policy of that name when it first loads a chunk, and a
 * second policy of one name is refused. So `trustedTypes.createPolicy` is wrapped to answer
 * each of those requests with the policy made here: the browser holds exactly one, with these
 * rules, however many remotes are on the page. It is installed before any bundle runs: by
 * the host's inline start script, and by a standalone remote's runtime script.
 * e2e/security.spec.ts fails when Chromium or Rspack's runtime stop going through it.
 */
import { DEFAULT_POLICY_NAME, SCRIPT_POLICY_NAME } from '@loofi/contracts/apps';

/** The parts of the Trusted Types API used here (not in TypeScript's DOM library yet). */
interface ScriptUrlPolicy {
  readonly name: string;
  createScriptURL(input: string): unknown;
}
interface PolicyFactory {
  createPolicy(
    name: string,
    rules: { createScriptURL?: (input: string) => string },
  ): ScriptUrlPolicy;
}

/** What a URL becomes to pass a script sink: a TrustedScriptURL where the browser has them. */
export type ScriptUrl = string & { readonly __trustedScriptUrl?: never };

export interface SitePolicy {
  /** Lets scripts come from these origins too (remotes.json's remotes, once it is read). */
  admit(origins: Iterable<string>): void;
  /**
   * Lets code that is not the site's, and assigns plain strings to script sinks, load its
   * scripts from these origins (Google's sign-in helper, loaded by Firebase Auth's popup):
   * creates the `default` policy, with the same rules plus these origins.
   */
  admitThirdParty(origins: readonly string[]): void;
  /**
   * The URL as a script sink takes it: throws a TypeError for a URL of any other origin.
   * Where the browser has no Trusted Types, it checks the same and returns the string.
   */
  scriptUrl(url: string | URL): ScriptUrl;
}

const GLOBAL = '__LOOFI_SCRIPT_POLICY__';

export interface SitePolicyOptions {
  /** The page's own origin and anything it resolves relative URLs against. */
  location: { origin: string; href: string };
  /** The browser's `trustedTypes`, when it has them. */
  trustedTypes?: PolicyFactory;
}

/**
 * Creates the policy (once per page: a second call returns the first's) and hands it to
 * every later `trustedTypes.createPolicy('loofi')`.
 */
export function installSitePolicy(
  scope: object,
  { location, trustedTypes }: SitePolicyOptions,
): SitePolicy {
  const installed = (scope as Record<string, unknown>)[GLOBAL] as SitePolicy | undefined;
  if (installed) return installed;

  const origins = new Set<string>([location.origin]);
  const check = (input: string | URL): string => {
    const url = new URL(input, location.href);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new TypeError(`${url.protocol} is not a script address loofi loads.`);
    }
    if (!origins.has(url.origin)) {
      throw new TypeError(
        `${url.href} is neither loofi's own script nor one of its remotes' (remotes.json).`,
      );
    }
    return url.href;
  };

  let policy: ScriptUrlPolicy | null = null;
  let create: PolicyFactory['createPolicy'] | null = null;
  if (trustedTypes) {
    const own = trustedTypes.createPolicy(SCRIPT_POLICY_NAME, { createScriptURL: check });
    policy = own;
    create = trustedTypes.createPolicy.bind(trustedTypes);
    const createOther = create;
    Object.defineProperty(trustedTypes, 'createPolicy', {
      value: (name: string, rules: Parameters<PolicyFactory['createPolicy']>[1]) =>
        name === SCRIPT_POLICY_NAME ? own : createOther(name, rules),
    });
  }

  const thirdParty = new Set<string>();
  const site: SitePolicy = Object.freeze({
    admit(more: Iterable<string>) {
      for (const origin of more) origins.add(new URL(origin).origin);
    },
    admitThirdParty(more: readonly string[]) {
      const first = thirdParty.size === 0;
      for (const origin of more) thirdParty.add(new URL(origin).origin);
      if (!first || create === null || thirdParty.size === 0) return;
      create(DEFAULT_POLICY_NAME, {
        createScriptURL: (input) => {
          const url = new URL(input, location.href);
          return thirdParty.has(url.origin) ? url.href : check(input);
        },
      });
    },
    scriptUrl: (url: string | URL) =>
      (policy ? policy.createScriptURL(String(url)) : check(url)) as ScriptUrl,
  });
  Object.defineProperty(scope, GLOBAL, { value: site });
  return site;
}

/** The page's policy, installing it (with no third-party origins) if nothing has yet. */
export function sitePolicy(): SitePolicy {
  return installSitePolicy(globalThis, {
    location: globalThis.location,
    trustedTypes: (globalThis as { trustedTypes?: PolicyFactory }).trustedTypes,
  });
}
