import { describe, expect, it } from 'vitest';
import { audioSourcesOf, matchesSource } from './config';
import type { PublicConfig } from './config';

const config: PublicConfig = {
  appName: 'loofi',
  version: '1',
  links: {
    github: 'https://g',
    feedback: 'https://f',
    changelog: 'https://c',
    contributors: 'https://o',
  },
  jamendoApiUrl: 'https://api.jamendo.com/v3.0',
  scrapeProxyUrl: 'https://proxy.example/?url={url}',
};

describe('the hosts a page may read audio from', () => {
  it("are Jamendo's own subdomains and the deploy's audio origins", () => {
    expect(audioSourcesOf(config)).toEqual(['https://*.jamendo.com']);
    expect(audioSourcesOf({ ...config, audioOrigins: ['https://cdn.example.org'] })).toEqual([
      'https://cdn.example.org',
      'https://*.jamendo.com',
    ]);
  });

  it('match an origin exactly, and a wildcard by subdomain and scheme', () => {
    const url = (href: string) => new URL(href);
    expect(matchesSource(url('https://cdn.example.org/a.mp3'), 'https://cdn.example.org')).toBe(
      true,
    );
    expect(matchesSource(url('https://evil.example/a.mp3'), 'https://cdn.example.org')).toBe(false);
    const jamendo = 'https://*.jamendo.com';
    expect(matchesSource(url('https://prod-1.storage.jamendo.com/?trackid=1'), jamendo)).toBe(true);
    expect(matchesSource(url('http://prod-1.storage.jamendo.com/'), jamendo)).toBe(false);
    expect(matchesSource(url('https://notjamendo.com/'), jamendo)).toBe(false);
  });
});
