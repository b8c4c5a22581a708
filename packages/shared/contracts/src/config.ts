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
