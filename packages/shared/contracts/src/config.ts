/** The product's name, as every app shows it (`PublicConfig.appName`). */
export const APP_NAME = 'loofi';

/** Build-time configuration the host hands to every remote; nothing secret. */
export interface PublicConfig {
  appName: string;
  version: string;
  links: {
    github: string;
    feedback: string;
    changelog: string;
    contributors: string;
  };
  /** Absent when the build has no Jamendo client id. */
  jamendoClientId?: string;
  jamendoApiUrl: string;
  /** A URL template; `{url}` is replaced by the URL-encoded page to scrape. */
  scrapeProxyUrl: string;
  /**
   * Other origins the owner's tracks live on, which the page may read to measure their
   * loudness ('Normalise volume'). Contract 1.1; absent when none is configured.
   */
  audioOrigins?: readonly string[];
}

/**
 * The hosts, besides the page's own, whose tracks' audio the page may read (to measure
 * their loudness), as Content-Security-Policy sources: Jamendo's own subdomains (its
 * storage hosts) and the deploy's `audioOrigins`. The site's security policy allows them in
 * `connect-src`; the player reads nothing else.
 */
export function audioSourcesOf(config: PublicConfig): string[] {
  const sources = [...(config.audioOrigins ?? [])];
  const jamendo = new URL(config.jamendoApiUrl);
  const labels = jamendo.hostname.split('.');
  if (labels.length > 2) sources.push(`${jamendo.protocol}//*.${labels.slice(-2).join('.')}`);
  return sources;
}

/** Whether `url` belongs to `source`: an origin, or `scheme://*.domain` for its subdomains. */
export function matchesSource(url: URL, source: string): boolean {
  const wildcard = /^(\w+:)\/\/\*\.(.+)$/.exec(source);
  if (!wildcard) return url.origin === source;
  return url.protocol === wildcard[1] && url.hostname.endsWith(`.${wildcard[2]}`);
}
