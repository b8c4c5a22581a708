import { audioSourcesOf, matchesSource } from '@loofi/contracts';
import type { PublicConfig, Track } from '@loofi/contracts';

const isLoopback = (hostname: string) =>
  hostname === 'localhost' || hostname === '[::1]' || hostname.startsWith('127.');

/**
 * Whether the page may read a track's audio: the site's own, a host the site's security
 * policy lets it fetch from (`audioSourcesOf`), or, for a page served from loopback (the
 * local server, the tests), another loopback address, as the local server's policy allows.
 * Nothing else is fetched: the policy would refuse it, and say so in the console.
 */
export function audioReadable(config: PublicConfig, page: Location = window.location) {
  const sources = audioSourcesOf(config);
  return (track: Track): boolean => {
    let url: URL;
    try {
      url = new URL(track.audio, page.href);
    } catch {
      return false;
    }
    if (url.origin === page.origin) return true;
    if (isLoopback(page.hostname) && isLoopback(url.hostname)) return true;
    return sources.some((source) => matchesSource(url, source));
  };
}
